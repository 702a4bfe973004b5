import MockPlatformKit

/// A campaign addressed to one device, as the outbox records it (`openapi/control.yaml`
/// sendPushCampaign): the iOS payload with its APNs headers, or the FCM message.
enum CampaignPush {
    static func push(_ campaign: PushCampaign, to target: PushTarget) -> Push {
        let ios = target.platform == .ios
        return Push(
            platform: target.platform, deviceToken: target.token, holder: target.holder,
            kind: .syneriseCampaign, campaignID: campaign.id,
            payload: ios ? campaign.payload : campaign.android ?? .object([:]),
            apnsHeaders: ios ? .forPayload(campaign.payload, topic: target.bundleID) : nil
        )
    }
}
