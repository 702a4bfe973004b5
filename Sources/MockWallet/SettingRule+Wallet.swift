import MockPlatformKit

extension SettingRule where Value == String? {
    /// `null` (no id configured: a download's well-formed `passId` names the pass type), or a
    /// Wallet pass type id (`PassTypeIdentifier`).
    static var passTypeID: Self {
        Self(
            rule: "must be null or \(PassTypeIdentifier.rule)",
            read: { json in
                switch json {
                case .null: .some(nil)
                case .string(let text) where PassTypeIdentifier.isWellFormed(text): .some(text)
                default: nil
                }
            },
            write: { $0.map(JSONValue.string) ?? .null }
        )
    }
}
