import MockPlatformKit

/// Campaigns: the campaign backend and its control operations.
package enum CampaignsPlatform: Platform {
    package static func modules(_ startup: ModuleStartup) throws -> [any PlatformModule] {
        [try CampaignsModule(), CampaignsControlModule()]
    }
}
