extension TenantQuotas.Collection {
    static let endpoints = Self("endpoints", defaultLimit: 100)
}
