import Foundation
import HTTPTypes
import MockPlatformKit

/// IQL's error body: `{"success": "false", "error": "<message>"}` (`openapi/iql.yaml` Error).
struct IQLErrorShape: ErrorShape {
    var unknownRouteMessage: String { "unknown endpoint" }
    func methodNotAllowedMessage(_ method: HTTPRequest.Method) -> String { "method not allowed" }
    var malformedJSONMessage: String { "malformed JSON body" }

    func render(_ error: APIError, context: ErrorContext) -> (HTTPResponse, Data) {
        var fields = error.headers
        fields[.contentType] = "application/json; charset=utf-8"
        let body: JSONValue = .object(["success": .string("false"), "error": .string(error.message)])
        return (HTTPResponse(status: error.status, headerFields: fields), body.encoded())
    }
}
