extension TenantQuotas.Collection {
    static let members = Self("members", defaultLimit: 1_000_000)
}
