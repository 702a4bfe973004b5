import MockPlatformKit

/// Loyalty's key of the tenant config (`openapi/control.yaml` TenantConfig).
package struct LoyaltySettings: SettingsPart {
    /// Whether members can get a Wallet pass (`walletPassAvailable`).
    package var walletEnabled = true

    /// The defaults.
    package init() {}

    package static var fields: [SettingField] { [.value("wallet_enabled", \.loyalty.walletEnabled, .boolean)] }
}

extension TenantSettings {
    /// Loyalty's settings.
    package var loyalty: LoyaltySettings {
        get { self[LoyaltySettings.self] }
        set { self[LoyaltySettings.self] = newValue }
    }
}
