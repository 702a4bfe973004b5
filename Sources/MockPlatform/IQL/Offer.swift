import Foundation

/// An offer: one (driver, campaign) pair granted at qualification (`docs/iql-engine.md` Offers).
public struct Offer: Sendable, Equatable, Codable {
    public var offerID: String
    public var campaignID: String
    public var createdAt: Date
    public var expiresAt: Date
    public var clicked = false
    public var retracted = false

    /// Served while not retracted and before expiry.
    public func isActive(at now: Date) -> Bool { !retracted && now < expiresAt }
}
