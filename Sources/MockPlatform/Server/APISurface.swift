import Foundation
import HTTPTypes

/// The API a request belongs to, by path. Each surface has its own error shape and its own
/// pre-routing checks; every error a request can meet is rendered by its surface.
public enum APISurface: Sendable, CaseIterable {
    /// IQL publisher API: `{"success": "false", "error": "<message>"}`.
    case iql
    /// Publisher reference backend: Django REST Framework bodies.
    case publisher
    /// `/_mock` control API: RFC 9457 problem+json.
    case control

    /// The surface of a tenant-relative path.
    public static func of(path: String) -> APISurface {
        if path == "/_mock" || path.hasPrefix("/_mock/") { return .control }
        if path.hasPrefix("/publisher/") { return .publisher }
        return .iql
    }

    /// The spec each surface is generated from, as served by `/_mock/openapi/{name}.yaml`.
    public var specName: String {
        switch self {
        case .iql: "iql"
        case .publisher: "publisher"
        case .control: "control"
        }
    }

    /// The message for a route that does not exist.
    var unknownRouteMessage: String {
        switch self {
        case .iql: "unknown endpoint"
        case .publisher: "Not found."
        case .control: "unknown control endpoint"
        }
    }

    /// The message for a route that exists but not with this method.
    func methodNotAllowedMessage(_ method: HTTPRequest.Method) -> String {
        switch self {
        case .iql: "method not allowed"
        case .publisher: "Method \"\(method.rawValue)\" not allowed."
        case .control: "method \(method.rawValue) is not allowed"
        }
    }

    /// The message for a body that is not JSON.
    var malformedJSONMessage: String {
        switch self {
        case .iql, .control: "malformed JSON body"
        case .publisher: "JSON parse error"
        }
    }

    /// Renders an error in this surface's shape: status, headers and body bytes.
    public func render(_ error: APIError) -> (HTTPResponse, Data) {
        var fields = error.headers
        let body: JSONValue
        switch self {
        case .iql:
            fields[.contentType] = "application/json; charset=utf-8"
            body = .object(["success": .string("false"), "error": .string(error.message)])
        case .publisher:
            fields[.contentType] = "application/json; charset=utf-8"
            if let field = error.field {
                body = .object([field: .array([.string(error.message)])])
            } else {
                body = .object(["detail": .string(error.message)])
            }
        case .control:
            fields[.contentType] = "application/problem+json"
            body = .object([
                "type": .string("about:blank"),
                "title": .string(error.status.reasonPhrase),
                "status": .integer(Int64(error.status.code)),
                "detail": .string(error.message),
            ])
        }
        return (HTTPResponse(status: error.status, headerFields: fields), body.encoded())
    }
}
