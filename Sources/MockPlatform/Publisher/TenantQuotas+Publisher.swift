extension TenantQuotas.Collection {
    static let deviceTokens = Self("device_tokens", defaultLimit: 1_000_000)
}
