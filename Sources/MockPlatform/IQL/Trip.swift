import Foundation

/// The five per-trip event ratings of driverStatus and driverTrips, each 1–5.
public struct EventRatings: Sendable, Equatable, Codable {
    public var rapidAcceleration: Int
    public var phoneUse: Int
    public var hardBrake: Int
    public var hardTurn: Int
    public var overspeeding: Int

    public init(rapidAcceleration: Int, phoneUse: Int, hardBrake: Int, hardTurn: Int, overspeeding: Int) {
        self.rapidAcceleration = rapidAcceleration
        self.phoneUse = phoneUse
        self.hardBrake = hardBrake
        self.hardTurn = hardTurn
        self.overspeeding = overspeeding
    }

    /// The ratings a trip gets when none are given: `clamp(ceil(score / 20), 1, 5)` for each.
    public init(derivedFromScore score: Int) {
        let rating = min(5, max(1, Int(saturating: Double(score) / 20, rounding: .up)))
        self.init(rapidAcceleration: rating, phoneUse: rating, hardBrake: rating, hardTurn: rating, overspeeding: rating)
    }
}

/// A latitude/longitude pair.
public struct GeoPoint: Sendable, Equatable, Codable {
    public var latitude: Double
    public var longitude: Double

    /// Where a mock trip starts and ends unless told otherwise (Phoenix, AZ; iql.md §2.10).
    public static let defaultTripLocation = GeoPoint(latitude: 33.4484, longitude: -112.0740)
}

/// One recorded trip of a driver (iql.md §2.10).
public struct Trip: Sendable, Equatable, Codable {
    public var start: Date
    public var end: Date
    public var distanceMiles: Double
    public var highwayDistanceMiles: Double
    /// Zendrive score, 0–100.
    public var score: Int
    public var eventRatings: EventRatings
    public var startLocation: GeoPoint
    public var endLocation: GeoPoint
    /// Set by tripFeedback; an invalidated trip no longer counts anywhere.
    public var invalidated = false
    /// The `timestamp` (epoch ms) of the feedback that invalidated the trip; later duplicates
    /// keep the first.
    public var feedbackTimestamp: Int64?

    /// The trip's id: its start instant in epoch milliseconds.
    public var id: String { String(start.epochMilliseconds) }
}
