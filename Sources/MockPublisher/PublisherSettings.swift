import MockPlatformKit

/// The publisher backend's key of the tenant config (`openapi/control.yaml` TenantConfig).
package struct PublisherSettings: SettingsPart {
    /// The `msg` of the qualification push the publisher backend sends.
    package var qualificationPushMessage = "Yay! You qualified for a great offer."

    /// The defaults.
    package init() {}

    package static var fields: [SettingField] {
        [.value("qualification_push_message", \.publisher.qualificationPushMessage, .text(nonEmpty: true))]
    }
}

extension TenantSettings {
    /// The publisher backend's settings.
    package var publisher: PublisherSettings {
        get { self[PublisherSettings.self] }
        set { self[PublisherSettings.self] = newValue }
    }
}
