extension TenantQuotas.Collection {
    /// Fault rules (`/_mock/faults`).
    package static let faults = Self("faults", defaultLimit: 1_000)
}
