import MockPlatformKit

extension SettingRule where Value == RetryProfile {
    /// `"standard"`, `"fast"` or a list of delays (`RetryProfile`).
    static var retryProfile: Self {
        Self(rule: RetryProfile.rule, read: { try? RetryProfile(json: $0) }, write: \.json)
    }
}
