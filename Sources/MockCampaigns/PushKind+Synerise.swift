import MockPlatformKit

/// A Synerise campaign sent to a device (`CampaignPush`).
extension PushKind {
    static let syneriseCampaign = PushKind(rawValue: "synerise_campaign")
}
