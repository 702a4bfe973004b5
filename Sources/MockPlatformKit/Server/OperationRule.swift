import HTTPTypes
import OpenAPIRuntime

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
/// message and the contract's check order hold: `check` throws the first failure, and a rule
/// made by `RuleValue.rule(_:)` hands the handler what it validated, typed.
package struct OperationRule: Sendable {
    /// The generated operation (decoder, handler, encoder), as the rule runs it.
    package typealias Operation = @Sendable () async throws -> (HTTPResponse, HTTPBody?)

    private let run: @Sendable (RawRequest, Operation) async throws -> (HTTPResponse, HTTPBody?)

    private init(run: @escaping @Sendable (RawRequest, Operation) async throws -> (HTTPResponse, HTTPBody?)) {
        self.run = run
    }

    /// A rule that only checks: its handler needs nothing of what it read.
    package static func check(_ check: @escaping @Sendable (RawRequest) async throws -> Void) -> OperationRule {
        OperationRule { request, operation in
            try await check(request)
            return try await operation()
        }
    }

    /// A rule whose `check` returns what it validated, left in `value` for the handler.
    package static func validating<Value>(
        into value: RuleValue<Value>, _ check: @escaping @Sendable (RawRequest) async throws -> Value
    ) -> OperationRule {
        OperationRule { request, operation in
            let validated = try await check(request)
            return try await value.binding(validated, operation)
        }
    }

    /// Checks `request`, then runs `operation` (with the validated value bound, for a rule that
    /// keeps one); throws the first failure without running it.
    package func callAsFunction(_ request: RawRequest, then operation: Operation) async throws -> (HTTPResponse, HTTPBody?) {
        try await run(request, operation)
    }
}

/// Where one rule leaves what it validated for its operation's handler, typed by the rule: the
/// handler reads `current()` instead of parsing the body again, and can get nothing but the
/// type its rule returns (no cast). One per rule, declared beside it as a `static let`, so that
/// it lives as long as the process (its task-local is keyed by its identity).
package final class RuleValue<Value: Sendable>: Sendable {
    private let slot = TaskLocal<Value?>(wrappedValue: nil)

    package init() {}

    /// The value the rule validated for the request being handled; 500 when the handler runs
    /// without its rule (the server's bug).
    package func current() throws(APIError) -> Value {
        guard let value = slot.get() else { throw APIError.internal }
        return value
    }

    /// Runs `operation` with `value` as `current()`.
    fileprivate func binding(
        _ value: Value, _ operation: OperationRule.Operation
    ) async throws -> (HTTPResponse, HTTPBody?) {
        try await slot.withValue(value) { try await operation() }
    }
}
