import Foundation

/// One recorded trip of a driver (`openapi/iql.yaml` listDriverTrips).
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
