extension TenantQuotas.Collection {
    /// Fault rules (`/_mock/faults`).
    static let faults = Self("faults", defaultLimit: 1_000)
}
