/// The current request's body, read once by the platform responder.
package enum RequestBody {
    /// The body as a JSON object, for requests that carry one (POST, PUT, PATCH); an empty body
    /// reads as `{}`. Rules get it in their `RawRequest` before the generated decoder runs, so that
    /// each contract message and check order holds, and hand what they read to the handler
    /// (`validated(_:)`); a handler without a rule reads it where typed input loses information
    /// (logPassMessages takes `logs` of any type). It travels with the request's tenant binding.
    package static var json: [String: JSONValue]? { Tenant.binding?.json }

    /// The value the operation's rule validated (`OperationRule`), so that a handler never parses
    /// the body again. A handler asks only for what its own rule returns: anything else is the
    /// server's bug, answered 500.
    package static func validated<Value: Sendable>(_ type: Value.Type) throws(APIError) -> Value {
        guard let value = Tenant.binding?.validated as? Value else { throw APIError.internal }
        return value
    }
}
