extension Tenant {
    /// The tenant's loyalty members.
    public var loyalty: LoyaltyStore { get throws(APIError) { try store(LoyaltyStore.self) } }
}
