import MockPlatformKit

/// IQL's webhook event kinds (`openapi/iql.yaml` webhooks), in the order `IQLModule` declares
/// them.
extension EventKind {
    package static let qualification = EventKind(rawValue: "qualification")
    package static let nonTelematicsQualification = EventKind(rawValue: "non_telematics_qualification")
    package static let disqualificationStatus = EventKind(rawValue: "disqualification_status")
    package static let offerRetraction = EventKind(rawValue: "offer_retraction")
    package static let offerClick = EventKind(rawValue: "offer_click")
    package static let engagement = EventKind(rawValue: "engagement")
    package static let silentPushNotification = EventKind(rawValue: "silent_push_notification")

    /// Every IQL kind, in the order of the documentation.
    package static let iql: [EventKind] = [
        .qualification, .nonTelematicsQualification, .disqualificationStatus, .offerRetraction, .offerClick, .engagement,
        .silentPushNotification,
    ]
}
