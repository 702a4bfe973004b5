import Foundation
@testable import MockIQL
@testable import MockPlatform

/// Builds trips and instants for metric tests.
enum TripFactory {
    /// An RFC 3339 UTC instant.
    static func instant(_ text: String) -> Date {
        guard let date = ISO8601DateFormatter().date(from: text) else { fatalError("bad instant \(text)") }
        return date
    }

    static func day(_ text: String) -> CalendarDay {
        guard let day = CalendarDay(text) else { fatalError("bad day \(text)") }
        return day
    }

    /// A 20-minute trip starting at `start`, with the given score, distance and ratings
    /// (derived from the score when nil).
    static func trip(
        _ start: String,
        miles: Double,
        score: Int = 80,
        ratings: EventRatings? = nil,
        invalidated: Bool = false
    ) -> Trip {
        let begin = instant(start)
        return Trip(
            start: begin,
            end: begin.addingTimeInterval(20 * 60),
            distanceMiles: miles,
            highwayDistanceMiles: 0,
            score: score,
            eventRatings: ratings ?? EventRatings(derivedFromScore: score),
            startLocation: GeoPoint(latitude: 33.45, longitude: -112.07),
            endLocation: GeoPoint(latitude: 33.50, longitude: -112.00),
            invalidated: invalidated
        )
    }

    static func ratings(_ value: Int) -> EventRatings {
        EventRatings(rapidAcceleration: value, phoneUse: value, hardBrake: value, hardTurn: value, overspeeding: value)
    }
}
