/// The webhook event kinds (`openapi/iql.yaml` webhooks; `openapi/control.yaml` Event.type).
public enum EventKind: String, Sendable, CaseIterable, Codable {
    case qualification
    case nonTelematicsQualification = "non_telematics_qualification"
    case disqualificationStatus = "disqualification_status"
    case offerRetraction = "offer_retraction"
    case offerClick = "offer_click"
    case engagement
    case silentPushNotification = "silent_push_notification"
}
