/// A request path split into its tenant and the tenant-relative path.
package struct TenantPath {
    /// Nil when the path names a tenant whose name is not `[a-z0-9-]{1,40}`.
    package let tenant: TenantName?
    /// Tenant-relative, starting with `/`, repeated slashes folded into one, without a trailing
    /// slash (except `/` itself).
    package let path: String
    /// Tenant-relative as sent: empty segments (`//`, a trailing `/`) kept.
    package let unfolded: Substring

    package init(_ rawPath: some StringProtocol) {
        if Self.isFolded(rawPath.utf8) {
            tenant = .default
            path = String(rawPath)
            unfolded = Substring(rawPath)
            return
        }
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

    /// An ASCII root path already in its folded form (starts with `/`, no empty segment, no
    /// trailing slash but for `/` itself) outside `/t/`: most requests, taken as they are.
    /// Other bytes take the general way, which splits by characters.
    private static func isFolded(_ bytes: some Collection<UInt8>) -> Bool {
        let slash = UInt8(ascii: "/")
        guard bytes.first == slash else { return false }
        var previous: UInt8 = 0
        var index = 0
        for byte in bytes {
            if byte >= 0x80 || (byte == slash && previous == slash) { return false }
            if index == 2, byte == slash, previous == UInt8(ascii: "t") { return false }
            previous = byte
            index += 1
        }
        return previous != slash || index == 1
    }
}
