import HTTPTypes

/// The tenant a request addresses, bound by the front door for the handlers, with the request's
/// header fields (absolute URLs follow its `Host` and forwarding headers, `PublicBaseURL`) and
/// its JSON body. The tenant itself is created on first use, so requests that need no tenant state (health, specs)
/// create none.
package struct TenantBinding: Sendable {
    package let name: TenantName
    package let registry: TenantRegistry
    /// The tenant, when the front door already found it: handlers then take it without asking
    /// the registry again.
    package var tenant: Tenant?
    package var headers: HTTPFields = [:]
    /// The request's `Host` (HTTP/1) or `:authority`.
    package var authority: String?
    /// The request's JSON body (`RequestBody.json`).
    package var json: [String: JSONValue]?
    /// Where a cached read's handler reports how long its answer holds; nil for other operations.
    package var cacheValidity: ReportedCacheValidity?
    /// Calls the server's other operations for this request (`RouteForwarder`); nil outside the
    /// front door.
    package var forwarder: RouteForwarder?
}

extension Tenant {
    /// The tenant of the request being handled.
    @TaskLocal package static var binding: TenantBinding?

    /// The tenant of the request being handled, created on first use: 429 when the tenant
    /// limit is reached, 500 when a handler runs outside a request.
    package static func bound() throws(APIError) -> Tenant {
        guard let binding else { throw APIError(.internalServerError, "no tenant bound to this request") }
        if let tenant = binding.tenant { return binding.registry.used(tenant) }
        return try binding.registry.tenant(binding.name)
    }

    /// Says how long the answer being built holds, for an operation its module lists in
    /// `cachedReads`; nothing for any other.
    package static func cacheAnswer(_ validity: CacheValidity) {
        binding?.cacheValidity?.report(validity)
    }

    /// The name and registry of the request's tenant, without creating it.
    package static func boundBinding() throws(APIError) -> TenantBinding {
        guard let binding else { throw APIError(.internalServerError, "no tenant bound to this request") }
        return binding
    }

    /// The kinds the server's modules declare, read without creating the request's tenant, so
    /// that a request refused for naming another kind leaves no trace.
    package static func knownKinds() throws(APIError) -> KnownKinds {
        try boundBinding().registry.kinds
    }
}
