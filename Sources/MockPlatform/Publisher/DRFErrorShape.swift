import Foundation
import HTTPTypes

/// The publisher backend's Django REST Framework errors: `{"<field>": ["<message>"]}` for a
/// field, `{"detail": "<message>"}` otherwise (`openapi/publisher.yaml`).
struct DRFErrorShape: ErrorShape {
    var unknownRouteMessage: String { "Not found." }
    func methodNotAllowedMessage(_ method: HTTPRequest.Method) -> String { "Method \"\(method.rawValue)\" not allowed." }
    var malformedJSONMessage: String { "JSON parse error" }

    func render(_ error: APIError, context: ErrorContext) -> (HTTPResponse, Data) {
        var fields = error.headers
        fields[.contentType] = "application/json; charset=utf-8"
        let body: JSONValue = error.field.map { .object([$0: .array([.string(error.message)])]) }
            ?? .object(["detail": .string(error.message)])
        return (HTTPResponse(status: error.status, headerFields: fields), body.encoded())
    }
}
