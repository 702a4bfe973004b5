/// What the front door learns of a request once, before anything runs, for every layer that
/// needs it (the responder, fault rules, guard, route check, metrics, log): the tenant and
/// tenant-relative path, the query, the module that owns the path and the route that matches it.
struct ResolvedRequest {
    let target: TenantPath
    /// The query as sent, after the target's first `?`; nil when there is none.
    let query: Substring?
    let module: ModuleEntry?
    let route: RouteMatch
}
