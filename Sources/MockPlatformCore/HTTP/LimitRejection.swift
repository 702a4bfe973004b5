/// A limit on hostile input (docs/operating.md "Sharing one instance", `openapi/control.yaml`) that a
/// request ran into: the `limit` label of `mockplatform_limit_rejections_total`. The front door's
/// and the runtime's are here; a module declares its own beside its code
/// in its module file (Wallet's in `WalletModule.swift`); `PlatformMetrics` counts them.
package struct LimitRejection: RawRepresentable, Hashable, Sendable {
    package let rawValue: String

    package init(rawValue: String) { self.rawValue = rawValue }

    /// A journal filter or fault `path` glob over its segment or `**` bound.
    package static let pathGlob = Self(rawValue: "path_glob")
    /// A body over 1 MiB (`RequestBodyReader.maxBytes`).
    package static let bodySize = Self(rawValue: "body_size")
    /// A new tenant past `--max-tenants`.
    package static let tenants = Self(rawValue: "tenants")
    /// A JSON body nested deeper than `JSONParser.maxDepth`.
    package static let jsonDepth = Self(rawValue: "json_depth")
    /// A state document (`PUT /_mock/state`) with a value out of range.
    package static let stateDocument = Self(rawValue: "state_document")
    /// A state-changing control request from another origin.
    package static let crossOrigin = Self(rawValue: "cross_origin")
    /// A write past `--tenant-max-bytes` (507), or a state document larger than it.
    package static let tenantBytes = Self(rawValue: "tenant_bytes")
    /// A connection past `--max-connections`, closed at once.
    package static let connections = Self(rawValue: "connections")

    /// A per-tenant collection bound (`--quota`): `quota_<collection>`.
    package static func quota(_ collection: String) -> Self { Self(rawValue: "quota_\(collection)") }
}
