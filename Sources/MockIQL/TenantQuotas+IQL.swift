import MockPlatformKit

extension TenantQuotas.Collection {
    /// Drivers a tenant knows.
    static let drivers = Self("drivers", defaultLimit: 1_000_000)
    /// Per driver.
    static let trips = Self("trips", defaultLimit: 10_000)
    /// IQL's qualification campaigns; `--quota campaigns=N` also bounds push campaigns.
    static let qualificationCampaigns = Self("campaigns", defaultLimit: 1_000)
}
