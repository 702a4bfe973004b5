extension Tenant {
    /// The tenant's Synerise campaigns.
    public var campaigns: CampaignStore { get throws(APIError) { try store(CampaignStore.self) } }
}
