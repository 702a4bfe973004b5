import MockPlatformKit

extension Tenant {
    /// The tenant's loyalty members.
    package var loyalty: LoyaltyStore { get throws(APIError) { try store(LoyaltyStore.self) } }
}
