/// What a Synerise campaign is, derived from its payload (`openapi/control.yaml`
/// PushCampaignKind).
public enum PushCampaignKind: String, Sendable, Codable, CaseIterable {
    case simplePush = "simple_push"
    case richMediaSingleImage = "rich_media_single_image"
    case richMediaCarousel = "rich_media_carousel"
    case silentData = "silent_data"
    case silentSDKCommand = "silent_sdk_command"
    case silentCommand = "silent_command"
    case templateBanner = "template_banner"
    case mandatoryUpgrade = "mandatory_upgrade"
    case walkthrough

    /// Served by get-pushes.
    var isFetchedAsPush: Bool {
        [.simplePush, .richMediaSingleImage, .richMediaCarousel, .silentSDKCommand, .silentCommand].contains(self)
    }

    /// Served by get-banners.
    var isBanner: Bool { self == .templateBanner || self == .mandatoryUpgrade }

    /// A simple push with or without rich media: it shows an alert.
    var isSimplePush: Bool { [.simplePush, .richMediaSingleImage, .richMediaCarousel].contains(self) }
}
