/// A module's keys of the tenant config (`openapi/control.yaml` TenantConfig): its settings
/// with their defaults, and the fields that read and write them. A module names its parts in
/// `PlatformModule.settingsParts`; `TenantSettings` keeps them by type without knowing any, and
/// `tenant.json`, `GET /_mock/config` and `PATCH /_mock/config` go through their fields.
package protocol SettingsPart: Sendable, Equatable {
    /// The defaults.
    init()
    /// Its keys, each with its rule and where `TenantSettings` keeps it: a key path through the
    /// module's accessor (`\.iql.clickSecret`).
    static var fields: [SettingField] { get }
}

extension SettingsPart {
    /// Whether `other` is this part with the same values.
    package func isEqual(to other: any SettingsPart) -> Bool { (other as? Self) == self }
    /// Whether every value is its default.
    package var hasDefaults: Bool { self == Self() }
}
