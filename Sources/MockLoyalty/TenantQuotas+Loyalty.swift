import MockPlatformKit

extension TenantQuotas.Collection {
    /// Loyalty members (from fixtures, scenarios and state documents).
    static let members = Self("members", defaultLimit: 1_000_000)
}
