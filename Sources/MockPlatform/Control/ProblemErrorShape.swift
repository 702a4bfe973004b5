import Foundation
import HTTPTypes

/// RFC 9457 `application/problem+json`, the control API's errors (`openapi/control.yaml`
/// Problem).
struct ProblemErrorShape: ErrorShape {
    var unknownRouteMessage: String { "unknown control endpoint" }
    func methodNotAllowedMessage(_ method: HTTPRequest.Method) -> String { "method \(method.rawValue) is not allowed" }
    var malformedJSONMessage: String { "malformed JSON body" }

    func render(_ error: APIError, context: ErrorContext) -> (HTTPResponse, Data) {
        var fields = error.headers
        fields[.contentType] = "application/problem+json"
        let body: JSONValue = .object([
            "type": .string("about:blank"),
            "title": .string(error.status.reasonPhrase),
            "status": .integer(Int64(error.status.code)),
            "detail": .string(error.message),
        ])
        return (HTTPResponse(status: error.status, headerFields: fields), body.encoded())
    }
}
