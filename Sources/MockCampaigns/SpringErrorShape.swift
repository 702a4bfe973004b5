import Foundation
import HTTPTypes
import MockPlatformKit

/// The campaign backend's Spring-style errors (`openapi/campaigns.yaml` Error):
/// `{"timestamp", "status", "error", "message", "path"}`.
struct SpringErrorShape: ErrorShape {
    var unknownRouteMessage: String { "No endpoint found" }
    func methodNotAllowedMessage(_ method: HTTPRequest.Method) -> String { "Request method '\(method.rawValue)' is not supported" }
    var malformedJSONMessage: String { "JSON parse error" }

    func render(_ error: APIError, context: ErrorContext) -> (HTTPResponse, Data) {
        var fields = error.headers
        fields[.contentType] = "application/json"
        let body: JSONValue = .object([
            "timestamp": .string(RFC3339.string(from: context.now).replacingOccurrences(of: "Z", with: "+00:00")),
            "status": .integer(Int64(error.status.code)),
            "error": .string(error.status.reasonPhrase),
            "message": .string(error.message),
            "path": .string(context.path),
        ])
        return (HTTPResponse(status: error.status, headerFields: fields), body.encoded())
    }
}
