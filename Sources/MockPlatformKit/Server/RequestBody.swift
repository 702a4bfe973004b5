/// The current request's body, read once by the platform responder.
package enum RequestBody {
    /// The body as a JSON object, for requests that carry one (POST, PUT, PATCH); an empty body
    /// reads as `{}`. Rules get it in their `RawRequest` before the generated decoder runs, so that
    /// each contract message and check order holds, and hand what they read to the handler
    /// (`RuleValue`); a handler without a rule reads it where typed input loses information
    /// (logPassMessages takes `logs` of any type). It travels with the request's tenant binding.
    package static var json: [String: JSONValue]? { Tenant.binding?.json }
}
