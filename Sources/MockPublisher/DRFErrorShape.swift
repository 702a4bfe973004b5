import Foundation
import HTTPTypes
import MockPlatformKit

/// The publisher backend's Django REST Framework errors: `{"<field>": ["<message>"]}` for a
/// field, `{"detail": "<message>"}` otherwise, each with `"status": "<code>"` beside it, which
/// the reference app force-unwraps (`openapi/publisher.yaml`).
struct DRFErrorShape: ErrorShape {
    /// Operations whose path parameters are refused as Django field errors (the device-token
    /// registration's serializer); the others (the wrappers of IQL) say what IQL says, as
    /// `detail`.
    let fieldErrorOperations: Set<String>

    var unknownRouteMessage: String { "Not found." }
    func methodNotAllowedMessage(_ method: HTTPRequest.Method) -> String { "Method \"\(method.rawValue)\" not allowed." }
    var malformedJSONMessage: String { "JSON parse error" }

    /// For a serializer's operation, Django's field errors: the length rule's for a long id or
    /// one with `/` (the route cannot take it), the generic one for control characters; for a
    /// wrapper, IQL's words as `detail`.
    func invalidPathParameter(_ name: String, _ problem: WellFormedID.Problem, operationID: String) -> APIError {
        guard fieldErrorOperations.contains(operationID) else { return .badRequest("\(name) \(problem)") }
        return switch problem {
        case .tooLong, .slash: .badRequest("Ensure this field has no more than 256 characters.", field: name)
        case .empty: .badRequest("This field may not be blank.", field: name)
        case .controlCharacter: .badRequest("Enter a valid value.", field: name)
        }
    }

    func render(_ error: APIError, context: ErrorContext) -> (HTTPResponse, Data) {
        var fields = error.headers
        fields[.contentType] = "application/json; charset=utf-8"
        let status = JSONValue.string(String(error.status.code))
        let body: JSONValue = error.field.map { .object([$0: .array([.string(error.message)]), "status": status]) }
            ?? .object(["detail": .string(error.message), "status": status])
        return (HTTPResponse(status: error.status, headerFields: fields), body.encoded())
    }
}
