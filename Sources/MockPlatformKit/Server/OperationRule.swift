import HTTPTypes

/// What an operation's contract rules see of a request before its input is decoded.
package struct RawRequest: Sendable {
    /// The JSON body, for operations that take one.
    package var json: [String: JSONValue]
    /// Path parameters, percent-decoded.
    package var pathParameters: [String: String]
    /// The request's header fields (those the generated input leaves out, such as
    /// `Authorization`, included).
    package var headers: HTTPFields = [:]
    /// The operation's target, tenant-relative, query included.
    package var target: String?

    /// The target's query as sent (percent-encoded), nil when it has none.
    package var query: Substring? { target.flatMap { RequestTarget($0).query } }
}

/// Contract checks of one operation, run before the generated decoder so that each rule's own
/// message and the contract's check order hold. Throws the first failure; returns the value it
/// validated (the parsed body), which the handler reads with `RequestBody.validated(_:)` instead
/// of parsing the body again, or nil when the handler needs nothing of it.
package typealias OperationRule = @Sendable (RawRequest) async throws -> (any Sendable)?
