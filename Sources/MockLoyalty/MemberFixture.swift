import Foundation
import MockPlatformKit

/// A member as `Resources/fixtures/loyalty.json` describes it: instants as days relative to the
/// tenant clock when the fixtures are loaded, so a new tenant always looks the same.
package struct MemberFixture: Sendable, Decodable {
    struct Account: Sendable, Decodable {
        var isActive: Bool
        var cardNumber: String
        var barcodeFormat: LoyaltyBarcode.Format
        var points: Int
        var pointsForReward: Int
        var tier: String?
        var expiringPoints: Int
        /// The expiring points' day, in days after load; absent when none expire.
        var expiringPointsInDays: Int?
    }

    struct Item: Sendable, Decodable {
        var id: String
        var title: String
        var description: String
        var imageUrl: String?
        var barcode: LoyaltyBarcode?
        var points: Int
        /// Days after load (negative: already expired); absent: never expires.
        var expiresInDays: Int?
        var isApplied: Bool
    }

    var id: String
    var email: String
    var firstName: String
    var lastName: String
    var loyalty: Account?
    var rewards: [Item]
    var activities: [Item]

    /// The member as loaded at `now`.
    package func member(loadedAt now: Date) -> Member {
        func day(_ days: Int) -> Date { now.addingTimeInterval(TimeInterval(days) * 86_400) }
        func item(_ item: Item) -> LoyaltyItem {
            LoyaltyItem(
                id: item.id, title: item.title, description: item.description, imageURL: item.imageUrl, barcode: item.barcode,
                points: item.points, expiryDate: item.expiresInDays.map(day), isApplied: item.isApplied
            )
        }
        return Member(
            id: id, email: email, firstName: firstName, lastName: lastName,
            loyalty: loyalty.map { account in
                Member.Account(
                    isActive: account.isActive, cardNumber: account.cardNumber, barcodeFormat: account.barcodeFormat,
                    points: account.points, pointsForReward: account.pointsForReward, tier: account.tier,
                    expiringPoints: account.expiringPoints, expiringPointsDate: account.expiringPointsInDays.map(day)
                )
            },
            rewards: rewards.map(item), activities: activities.map(item)
        )
    }
}
