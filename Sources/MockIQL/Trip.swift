import Foundation
import MockPlatformKit

/// One recorded trip of a driver (`openapi/iql.yaml` listDriverTrips).
package struct Trip: Sendable, Equatable, Codable {
    package var start: Date
    package var end: Date
    package var distanceMiles: Double
    package var highwayDistanceMiles: Double
    /// Zendrive score, 0–100.
    package var score: Int
    package var eventRatings: EventRatings
    package var startLocation: GeoPoint
    package var endLocation: GeoPoint
    /// Set by tripFeedback; an invalidated trip no longer counts anywhere.
    package var invalidated = false
    /// The `timestamp` (epoch ms) of the feedback that invalidated the trip; later duplicates
    /// keep the first.
    package var feedbackTimestamp: Int64?

    /// The trip's id: its start instant in epoch milliseconds.
    package var id: String { String(start.epochMilliseconds) }
}
