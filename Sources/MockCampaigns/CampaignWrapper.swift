import MockPlatformKit

/// A campaign as get-pushes and get-banners serve it (`openapi/campaigns.yaml` PushWrapper,
/// BannerWrapper): camelCase keys around the platform's `content` object.
enum CampaignWrapper {
    /// The SDK platform of a campaign-backend path.
    enum Platform: String, Sendable {
        case ios = "IOS", android = "ANDROID"
    }

    /// A plain-data silent push has no Synerise envelope: its `data` is the campaign's own
    /// key/values as the FCM data map holds them (strings), on both platforms.
    static func json(_ campaign: PushCampaign, platform: Platform) -> JSONValue {
        if campaign.kind == .silentData {
            return .object([
                "contentAvailable": .bool(true),
                "data": campaign.android?.objectValue?["data"] ?? .object([:]),
                "notification": .null,
            ])
        }
        let fields = campaign.payload.objectValue ?? [:]
        let android = platform == .android
        let notification: JSONValue
        if campaign.kind.isSimplePush {
            notification = fields["aps"]?.objectValue?["alert"] ?? .null
        } else if campaign.kind.isBanner {
            notification = AndroidPushForm.bannerNotification(campaign.payload) ?? .null
        } else {
            notification = .null
        }
        return .object([
            "contentAvailable": .bool(!campaign.kind.isSimplePush),
            "data": .object([
                "issuer": fields["issuer"] ?? .string("Synerise"),
                "messageType": android
                    ? .string(AndroidPushForm.messageType(kind: campaign.kind, ios: campaign.payload))
                    : fields["message-type"] ?? .string("dynamic-content"),
                "contentType": fields["content-type"] ?? .null,
                "content": android ? AndroidPushForm.content(kind: campaign.kind, ios: campaign.payload) : fields["content"] ?? .null,
            ]),
            "notification": notification,
        ])
    }
}
