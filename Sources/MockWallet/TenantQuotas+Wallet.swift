import MockPlatformKit

extension TenantQuotas.Collection {
    /// Devices registered for passes' updates.
    static let registrations = Self("registrations", defaultLimit: 1_000_000)
}
