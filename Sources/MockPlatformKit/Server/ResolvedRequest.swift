/// What the front door learns of a request once, before anything runs, for every layer that
/// needs it (the responder, fault rules, guard, route check, metrics, log): the tenant and
/// tenant-relative path, the query, the module that owns the path and the route that matches it.
package struct ResolvedRequest {
    package let target: TenantPath
    /// The query as sent, after the target's first `?`; nil when there is none.
    package let query: Substring?
    package let module: ModuleEntry?
    package let route: RouteMatch
}
