import MockPlatformKit

/// What a Synerise campaign is, derived from its payload (`openapi/control.yaml`
/// PushCampaignKind).
package enum PushCampaignKind: String, Sendable, Codable, CaseIterable {
    case simplePush = "simple_push"
    case richMediaSingleImage = "rich_media_single_image"
    case richMediaCarousel = "rich_media_carousel"
    case silentData = "silent_data"
    case silentSDKCommand = "silent_sdk_command"
    case silentCommand = "silent_command"
    case templateBanner = "template_banner"
    case mandatoryUpgrade = "mandatory_upgrade"
    case walkthrough
    /// A push with another `issuer` than Synerise, which the app handles itself: sent to
    /// devices as authored, never served by the campaign backend (the Synerise SDK's).
    case customIssuer = "custom_issuer"

    /// Served by the campaign backend, so it may go to `client_uuids`: every kind but other
    /// issuers' pushes (the app's own, never the Synerise SDK's).
    var isSyneriseCampaign: Bool { self != .customIssuer }

    /// Served by get-pushes: simple and silent pushes (plain data included, as Synerise lists
    /// "Simple Push and Silent Push" campaigns there).
    var isFetchedAsPush: Bool {
        [.simplePush, .richMediaSingleImage, .richMediaCarousel, .silentData, .silentSDKCommand, .silentCommand].contains(self)
    }

    /// Served by get-banners.
    var isBanner: Bool { self == .templateBanner || self == .mandatoryUpgrade }

    /// A simple push with or without rich media: it shows an alert.
    var isSimplePush: Bool { [.simplePush, .richMediaSingleImage, .richMediaCarousel].contains(self) }
}
