import MockPlatformKit

extension TenantQuotas.Collection {
    /// Device tokens registered with the publisher backend.
    static let deviceTokens = Self("device_tokens", defaultLimit: 1_000_000)
}
