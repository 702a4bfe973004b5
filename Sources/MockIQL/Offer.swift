import Foundation
import MockPlatformKit

/// An offer: one (driver, campaign) pair granted at qualification (`docs/iql-engine.md` Offers).
package struct Offer: Sendable, Equatable, Codable {
    package var offerID: String
    package var campaignID: String
    package var createdAt: Date
    package var expiresAt: Date
    package var clicked = false
    package var retracted = false

    /// Served while not retracted and before expiry.
    package func isActive(at now: Date) -> Bool { !retracted && now < expiresAt }
}
