/// What the front door learns of a request once, before anything runs, for every layer that
/// needs it (the responder, fault rules, guard, route check, metrics, log): the tenant and
/// tenant-relative path, the module that owns the path and the route that matches it.
struct ResolvedRequest {
    let target: TenantPath
    let module: ModuleEntry?
    let route: RouteMatch
}
