/// The tenant a request addresses, bound by the front door for the handlers. The tenant itself
/// is created on first use, so requests that need no tenant state (health, specs) create none.
struct TenantBinding: Sendable {
    let name: TenantName
    let registry: TenantRegistry
}
