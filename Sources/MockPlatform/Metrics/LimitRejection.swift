import Prometheus

/// A limit on hostile input (README "Sharing one instance", `openapi/control.yaml`) that a
/// request ran into: the `limit` label of `mockplatform_limit_rejections_total`. The front door's
/// and the runtime's are here; a module declares its own beside its code
/// (`LimitRejection+Wallet.swift`).
package struct LimitRejection: RawRepresentable, Hashable, Sendable {
    package let rawValue: String

    package init(rawValue: String) { self.rawValue = rawValue }

    /// A journal filter or fault `path` glob over its segment or `**` bound.
    static let pathGlob = Self(rawValue: "path_glob")
    /// A body over 1 MiB (`RequestBodyReader.maxBytes`).
    static let bodySize = Self(rawValue: "body_size")
    /// A new tenant past `--max-tenants`.
    static let tenants = Self(rawValue: "tenants")
    /// A JSON body nested deeper than `JSONParser.maxDepth`.
    static let jsonDepth = Self(rawValue: "json_depth")
    /// A state document (`PUT /_mock/state`) with a value out of range.
    static let stateDocument = Self(rawValue: "state_document")
    /// A state-changing control request from another origin.
    static let crossOrigin = Self(rawValue: "cross_origin")
    /// A write past `--tenant-max-bytes` (507), or a state document larger than it.
    static let tenantBytes = Self(rawValue: "tenant_bytes")
    /// A connection past `--max-connections`, closed at once.
    static let connections = Self(rawValue: "connections")

    /// A per-tenant collection bound (`--quota`): `quota_<collection>`.
    static func quota(_ collection: String) -> Self { Self(rawValue: "quota_\(collection)") }
}

extension PlatformMetrics {
    static var limitRejections: MetricNameDescriptor {
        descriptor("limit_rejections", help: "Requests refused by a limit on hostile input, by limit (path_glob, quota_<collection>, wallet_log, ...).")
    }

    /// Counts one request refused by `limit`.
    func recordLimitRejection(_ limit: LimitRejection) {
        registry.makeCounter(descriptor: Self.limitRejections, labels: [("limit", limit.rawValue)]).increment()
    }
}
