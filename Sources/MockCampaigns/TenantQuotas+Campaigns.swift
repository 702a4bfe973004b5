import MockPlatformKit

extension TenantQuotas.Collection {
    /// Synerise push campaigns; `--quota campaigns=N` also bounds IQL's campaigns.
    static let pushCampaigns = Self("campaigns", defaultLimit: 1_000)
    /// Synerise client UUIDs a campaign was sent to (`client_uuids`).
    static let clients = Self("clients", defaultLimit: 1_000_000)
}
