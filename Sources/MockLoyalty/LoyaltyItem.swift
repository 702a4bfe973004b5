import Foundation
import MockPlatformKit

/// A reward or an activity of a member (`openapi/loyalty.yaml` Reward, Activity): rewards cost
/// points when applied, activities credit points when redeemed.
package struct LoyaltyItem: Sendable, Equatable, Codable {
    package var id: String
    package var title: String
    package var description: String
    package var imageURL: String?
    /// Rewards only: the code shown on the reward-details screen.
    package var barcode: LoyaltyBarcode?
    /// Points it costs (a reward) or credits (an activity).
    package var points: Int
    /// Nil: never expires.
    package var expiryDate: Date?
    package var isApplied: Bool

    /// Expired once its expiry date is not after `now`.
    package func isExpired(at now: Date) -> Bool { expiryDate.map { $0 <= now } ?? false }
}

/// A code and how to draw it (`openapi/loyalty.yaml` Barcode).
package struct LoyaltyBarcode: Sendable, Equatable, Codable {
    package enum Format: String, Sendable, Codable { case code128, qr }
    package var value: String
    package var format: Format
}
