/// Every key of a tenant's config: the shared ones below and each module's part
/// (`SettingsPart`), named in the order `openapi/control.yaml` TenantConfig lists them, which is
/// the order a refused change names its problems in. The one description `tenant.json`,
/// `GET /_mock/config`, `PATCH /_mock/config` and a state document's settings go through.
package struct SettingsSchema: Sendable {
    /// The modules' parts, in the order they were added.
    private(set) var parts: [any SettingsPart.Type] = []
    /// Key names in the config's order; a key it does not list comes after those it does.
    package var keyOrder: [String] = []

    /// The shared keys only.
    package init() {}

    /// Adds the parts of `types` not in it yet.
    package mutating func add(_ types: [any SettingsPart.Type]) {
        parts += types.filter { type in !parts.contains { ObjectIdentifier($0) == ObjectIdentifier(type) } }
    }

    /// The whole config, an object of every key.
    package var root: SettingField {
        let fields = Self.shared + parts.flatMap { $0.fields }
        let rank = Dictionary(keyOrder.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        let ordered = fields.enumerated().sorted { left, right in
            (rank[left.element.name] ?? keyOrder.count, left.offset) < (rank[right.element.name] ?? keyOrder.count, right.offset)
        }
        return .group("", ordered.map(\.element))
    }

    /// The keys every platform shares: the API keys and the app under test.
    private static var shared: [SettingField] {
        [
            .value("api_keys", \.apiKeys, .strings(
                rule: "must be a non-empty list of non-empty strings", nonEmpty: true, { $0.isEmpty ? nil : $0 }
            )),
            .value("ios_bundle_id", \.iosBundleID, .identifier("bundle id", extra: ".-")),
            .value("android_package", \.androidPackage, .identifier("package name", extra: "._")),
        ]
    }
}

extension SettingsSchema {
    /// Where a decoder's `userInfo` holds the schema a `TenantSettings` is read with.
    package static let userInfoKey = CodingUserInfoKey(rawValue: "MockPlatform.SettingsSchema")!
}
