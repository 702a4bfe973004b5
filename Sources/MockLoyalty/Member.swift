import Foundation
import MockPlatformKit

/// A loyalty-API member, keyed by `Poq-User-Id` (`openapi/loyalty.yaml`).
package struct Member: Sendable, Equatable, Codable {
    /// The club account; nil when the member has none.
    package struct Account: Sendable, Equatable, Codable {
        package var isActive: Bool
        package var cardNumber: String
        package var barcodeFormat: LoyaltyBarcode.Format
        /// Never negative.
        package var points: Int
        package var pointsForReward: Int
        package var tier: String?
        package var expiringPoints: Int
        /// The UTC day the expiring points expire; nil when none expire.
        package var expiringPointsDate: Date?

        package var pointsToGo: Int { max(0, pointsForReward - points) }
    }

    package var id: String
    package var email: String
    package var firstName: String
    package var lastName: String
    package var loyalty: Account?
    package var rewards: [LoyaltyItem] = []
    package var activities: [LoyaltyItem] = []

    /// A member id never seen before: a guest without a loyalty account.
    static func guest(_ id: String) -> Member {
        Member(id: id, email: "\(id)@example.invalid", firstName: "Guest", lastName: "")
    }
}
