import Foundation

/// Something a platform did that its integrators hear about, with the exact webhook body
/// already built (iql.md §4). The event stream records it; the webhook sender and the push
/// outbox consume it.
public struct PlatformEvent: Sendable, Equatable {
    /// The webhook event kinds (iql.md §4.1 "Endpoints").
    public enum Kind: String, Sendable, CaseIterable {
        case qualification
        case nonTelematicsQualification = "non_telematics_qualification"
        case disqualificationStatus = "disqualification_status"
        case offerRetraction = "offer_retraction"
        case offerClick = "offer_click"
        case engagement
        case silentPushNotification = "silent_push_notification"
    }

    /// Stable id: the payload's `webhook_event_id` when it has one, else a fresh UUID.
    public var id: String
    public var kind: Kind
    public var driverID: String
    /// Tenant-clock instant of the event.
    public var createdAt: Date
    /// The webhook body, exactly as it will be sent.
    public var payload: JSONValue
}
