/// Why a push was sent (`openapi/control.yaml` PushKind).
public enum PushKind: String, Sendable, Codable, CaseIterable {
    case syneriseCampaign = "synerise_campaign"
    case iqlQualification = "iql_qualification"
    case iqlHeartbeat = "iql_heartbeat"
    case walletPassUpdate = "wallet_pass_update"
}
