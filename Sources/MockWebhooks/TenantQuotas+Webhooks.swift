import MockPlatformKit

extension TenantQuotas.Collection {
    /// Webhook endpoints.
    static let endpoints = Self("endpoints", defaultLimit: 100)
}
