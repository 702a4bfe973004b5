/// A request path split into its tenant and the tenant-relative path.
struct TenantPath {
    /// Nil when the path names a tenant whose name is not `[a-z0-9-]{1,40}`.
    let tenant: TenantName?
    /// Tenant-relative, starting with `/`, repeated slashes folded into one, without a trailing
    /// slash (except `/` itself).
    let path: String
    /// Tenant-relative as sent: empty segments (`//`, a trailing `/`) kept.
    let unfolded: Substring

    init(_ rawPath: some StringProtocol) {
        var path = "/" + rawPath.split(separator: "/", omittingEmptySubsequences: true).joined(separator: "/")
        var tenant: TenantName? = .default
        var unfolded = Substring(rawPath)
        if path.hasPrefix("/t/") {
            let rest = path.dropFirst(3)
            let name = rest.prefix { $0 != "/" }
            tenant = TenantName(name)
            path = String(rest.dropFirst(name.count))
            unfolded = unfolded.drop { $0 == "/" }.dropFirst(2).drop { $0 == "/" }.dropFirst(name.count)
        }
        self.tenant = tenant
        self.path = path.isEmpty ? "/" : path
        self.unfolded = unfolded
    }
}
