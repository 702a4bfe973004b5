/// IQL's webhook event kinds (`openapi/iql.yaml` webhooks), in the order `IQLModule` declares
/// them.
extension EventKind {
    static let qualification = EventKind(rawValue: "qualification")
    static let nonTelematicsQualification = EventKind(rawValue: "non_telematics_qualification")
    static let disqualificationStatus = EventKind(rawValue: "disqualification_status")
    static let offerRetraction = EventKind(rawValue: "offer_retraction")
    static let offerClick = EventKind(rawValue: "offer_click")
    static let engagement = EventKind(rawValue: "engagement")
    static let silentPushNotification = EventKind(rawValue: "silent_push_notification")

    /// Every IQL kind, in the order of the documentation.
    static let iql: [EventKind] = [
        .qualification, .nonTelematicsQualification, .disqualificationStatus, .offerRetraction, .offerClick, .engagement,
        .silentPushNotification,
    ]
}
