import Foundation

/// A reward or an activity of a member (`openapi/loyalty.yaml` Reward, Activity): rewards cost
/// points when applied, activities credit points when redeemed.
public struct LoyaltyItem: Sendable, Equatable, Codable {
    public var id: String
    public var title: String
    public var description: String
    public var imageURL: String?
    /// Rewards only: the code shown on the reward-details screen.
    public var barcode: LoyaltyBarcode?
    /// Points it costs (a reward) or credits (an activity).
    public var points: Int
    /// Nil: never expires.
    public var expiryDate: Date?
    public var isApplied: Bool

    /// Expired once its expiry date is not after `now`.
    public func isExpired(at now: Date) -> Bool { expiryDate.map { $0 <= now } ?? false }
}

/// A code and how to draw it (`openapi/loyalty.yaml` Barcode).
public struct LoyaltyBarcode: Sendable, Equatable, Codable {
    public enum Format: String, Sendable, Codable { case code128, qr }
    public var value: String
    public var format: Format
}
