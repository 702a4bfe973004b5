import Foundation
import HTTPTypes

/// The loyalty API's RFC 9457 problems (`openapi/loyalty.yaml` Problem): the reason's URN and
/// title for its own refusals, `about:blank` and the reason phrase for the front door's.
struct LoyaltyErrorShape: ErrorShape {
    var unknownRouteMessage: String { "unknown loyalty endpoint" }
    func methodNotAllowedMessage(_ method: HTTPRequest.Method) -> String { "method \(method.rawValue) is not allowed" }
    var malformedJSONMessage: String { "malformed JSON body" }

    func render(_ error: APIError, context: ErrorContext) -> (HTTPResponse, Data) {
        var fields = error.headers
        fields[.contentType] = "application/problem+json"
        let problem = error.code.flatMap(LoyaltyProblem.init(type:))
        let body: JSONValue = .object([
            "type": .string(problem?.type ?? "about:blank"),
            "title": .string(problem?.title ?? error.status.reasonPhrase),
            "status": .integer(Int64(error.status.code)),
            "detail": .string(error.message),
        ])
        return (HTTPResponse(status: error.status, headerFields: fields), body.encoded())
    }
}
