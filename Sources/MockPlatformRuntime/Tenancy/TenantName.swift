/// A tenant's name: `default` for root paths, `[a-z0-9-]{1,40}` under `/t/{tenant}`.
package struct TenantName: Hashable, Sendable, CustomStringConvertible {
    package let rawValue: String

    /// The tenant that owns every root path.
    package static let `default` = TenantName(unchecked: "default")

    /// Accepts only names that match `[a-z0-9-]{1,40}`.
    package init?(_ rawValue: some StringProtocol) {
        guard (1...40).contains(rawValue.utf8.count),
              rawValue.utf8.allSatisfy({ (0x61...0x7A).contains($0) || (0x30...0x39).contains($0) || $0 == 0x2D })
        else { return nil }
        self.rawValue = String(rawValue)
    }

    private init(unchecked rawValue: String) { self.rawValue = rawValue }

    package var description: String { rawValue }

    /// The path prefix of this tenant's APIs: empty for `default`, `/t/<name>` otherwise.
    package var pathPrefix: String { self == .default ? "" : "/t/\(rawValue)" }
}
