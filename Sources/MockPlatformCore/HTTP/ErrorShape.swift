import Foundation
import HTTPTypes

/// How one API writes its errors: every error a request can meet, the front door's own (404,
/// 405, 413, 415, malformed JSON) and its handlers', is rendered by the shape of the module the
/// path belongs to.
package protocol ErrorShape: Sendable {
    /// The message for a route that does not exist.
    var unknownRouteMessage: String { get }
    /// The message for a route that exists but not with this method.
    func methodNotAllowedMessage(_ method: HTTPRequest.Method) -> String
    /// The message for a body that is not JSON.
    var malformedJSONMessage: String { get }
    /// The message for a body that is not JSON where the parser noticed it (1-based line and
    /// column); `malformedJSONMessage` unless the shape says where.
    func malformedJSONMessage(line: Int, column: Int) -> String
    /// The 400 for a path parameter of operation `operationID` that is not a well-formed id
    /// (`PathParameterCheck`): `<name> <problem>` unless the shape words it otherwise.
    func invalidPathParameter(_ name: String, _ problem: WellFormedID.Problem, operationID: String) -> APIError
    /// Status, headers and body bytes of an error answered to a request.
    func render(_ error: APIError, context: ErrorContext) -> (HTTPResponse, Data)
}

/// What an error shape may say about the request it answers.
package struct ErrorContext: Sendable {
    /// The tenant-relative request path, without the query.
    package var path: String
    /// The tenant clock's now.
    package var now: Date

    package init(path: String, now: Date) {
        self.path = path
        self.now = now
    }
}

extension ErrorShape {
    package func malformedJSONMessage(line: Int, column: Int) -> String { malformedJSONMessage }
    package func invalidPathParameter(_ name: String, _ problem: WellFormedID.Problem, operationID: String) -> APIError {
        .badRequest("\(name) \(problem)")
    }
}
