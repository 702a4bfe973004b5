import MockPlatformKit

extension Tenant {
    /// The tenant's Synerise campaigns.
    package var campaigns: CampaignStore { get throws(APIError) { try store(CampaignStore.self) } }
}
