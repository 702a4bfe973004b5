import HTTPTypes

/// The tenant a request addresses, bound by the front door for the handlers, with the request's
/// header fields (absolute URLs follow its `Host` and forwarding headers, `PublicBaseURL`) and
/// its JSON body. The tenant itself is created on first use, so requests that need no tenant state (health, specs)
/// create none.
struct TenantBinding: Sendable {
    let name: TenantName
    let registry: TenantRegistry
    /// The tenant, when the front door already found it: handlers then take it without asking
    /// the registry again.
    var tenant: Tenant?
    var headers: HTTPFields = [:]
    /// The request's `Host` (HTTP/1) or `:authority`.
    var authority: String?
    /// The request's JSON body (`RequestBody.json`).
    var json: [String: JSONValue]?
    /// What the operation's rule validated (`RequestBody.validated(_:)`).
    var validated: (any Sendable)?
    /// Where a kept read's handler reports how long its answer holds; nil for other operations.
    var answerValidity: ReportedValidity?
    /// Calls the server's other operations for this request (`RouteForwarder`); nil outside the
    /// front door.
    var forwarder: RouteForwarder?
}
