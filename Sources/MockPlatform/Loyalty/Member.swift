import Foundation

/// A loyalty-API member, keyed by `Poq-User-Id` (`openapi/loyalty.yaml`).
public struct Member: Sendable, Equatable, Codable {
    /// The club account; nil when the member has none.
    public struct Account: Sendable, Equatable, Codable {
        public var isActive: Bool
        public var cardNumber: String
        public var barcodeFormat: LoyaltyBarcode.Format
        /// Never negative.
        public var points: Int
        public var pointsForReward: Int
        public var tier: String?
        public var expiringPoints: Int
        /// The UTC day the expiring points expire; nil when none expire.
        public var expiringPointsDate: Date?

        public var pointsToGo: Int { max(0, pointsForReward - points) }
    }

    public var id: String
    public var email: String
    public var firstName: String
    public var lastName: String
    public var loyalty: Account?
    public var rewards: [LoyaltyItem] = []
    public var activities: [LoyaltyItem] = []

    /// A member id never seen before: a guest without a loyalty account.
    static func guest(_ id: String) -> Member {
        Member(id: id, email: "\(id)@example.invalid", firstName: "Guest", lastName: "")
    }
}
