import MockPlatformKit

/// The webhooks module's keys of the tenant config (`openapi/control.yaml` TenantConfig).
package struct WebhookSettings: SettingsPart {
    /// When webhook deliveries are attempted.
    package var retryProfile = RetryProfile.standard
    /// How long one webhook attempt may take, in milliseconds.
    package var timeoutMilliseconds = 10_000

    /// The defaults.
    package init() {}

    package static var fields: [SettingField] {
        [
            .value("webhook_retry_profile", \.webhooks.retryProfile, .retryProfile),
            .value("webhook_timeout_ms", \.webhooks.timeoutMilliseconds, .integer(1...60_000)),
        ]
    }
}

extension TenantSettings {
    /// The webhooks module's settings.
    package var webhooks: WebhookSettings {
        get { self[WebhookSettings.self] }
        set { self[WebhookSettings.self] = newValue }
    }
}

extension SettingRule where Value == RetryProfile {
    /// `"standard"`, `"fast"` or a list of delays (`RetryProfile`).
    static var retryProfile: Self {
        Self(rule: RetryProfile.rule, read: { try? RetryProfile(json: $0) }, write: \.json)
    }
}
