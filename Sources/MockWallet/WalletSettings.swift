import MockPlatformKit

/// Wallet's key of the tenant config (`openapi/control.yaml` TenantConfig).
package struct WalletSettings: SettingsPart {
    /// The `passTypeIdentifier` of members' passes and the `passId` a download must name; the
    /// server's `--pass-type-id` (or its real certificate's) unless a tenant changes it, which
    /// only the development chain allows. Nil (neither set, development chain): every download's
    /// well-formed `passId` names its pass's type, so an app's own id works with no set-up.
    package var passTypeID: String?

    /// The defaults.
    package init() {}

    package static var fields: [SettingField] { [.value("wallet_pass_type_id", \.wallet.passTypeID, .passTypeID)] }
}

extension TenantSettings {
    /// Wallet's settings.
    package var wallet: WalletSettings {
        get { self[WalletSettings.self] }
        set { self[WalletSettings.self] = newValue }
    }
}
