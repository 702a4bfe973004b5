import Foundation
import MockPlatformKit

/// A day's trips of a scenario driver: `count` trips on the UTC day `day` days from the apply
/// day (negative: already driven; positive: planned, recorded when the tenant clock passes
/// their end, as if the SDK had just uploaded them). Trip `k` (from 0) starts at 07:00 UTC plus
/// `2k` hours, so a day's trips never cross midnight and a scenario has the same driving days
/// whenever it is applied.
struct ScenarioTrips: Sendable, Decodable {
    var day: Int
    var count: Int
    var distanceMilesEach: Double
    var durationMinutesEach: Double
    var score: Int

    static let countRange = 1...8
    static let dayRange = -180...365

    enum CodingKeys: String, CodingKey {
        case day, count, score
        case distanceMilesEach = "distance_miles_each"
        case durationMinutesEach = "duration_minutes_each"
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        day = try container.decode(Int.self, forKey: .day)
        count = try container.decode(Int.self, forKey: .count)
        distanceMilesEach = try container.decode(Double.self, forKey: .distanceMilesEach)
        durationMinutesEach = try container.decodeIfPresent(Double.self, forKey: .durationMinutesEach) ?? MockTripsRequest.defaultDurationMinutes
        score = try container.decodeIfPresent(Int.self, forKey: .score) ?? MockTripsRequest.defaultScore
    }

    /// The first thing wrong, or nil.
    var problem: String? {
        if day == 0 || !Self.dayRange.contains(day) { return "day must be -180 to -1 or 1 to 365" }
        if !Self.countRange.contains(count) { return "count must be 1 to 8" }
        if !(distanceMilesEach > 0 && distanceMilesEach <= MockTripsRequest.maxDistanceMiles) {
            return "distance_miles_each must be above 0 and at most 1000"
        }
        if !(durationMinutesEach > 0 && durationMinutesEach <= 60) { return "duration_minutes_each must be above 0 and at most 60" }
        if !MockTripsRequest.scoreRange.contains(Int64(score)) { return "score must be 0 to 100" }
        return nil
    }

    /// The trips, placed relative to `today`.
    func trips(today: CalendarDay, location: GeoPoint) -> [Trip] {
        let first = today.adding(days: day).start.addingTimeInterval(7 * 3600)
        return (0..<count).map { index in
            let start = first.addingTimeInterval(Double(index) * 2 * 3600)
            return Trip(
                start: start, end: start.addingTimeInterval(durationMinutesEach * 60), distanceMiles: distanceMilesEach,
                highwayDistanceMiles: 0, score: score, eventRatings: EventRatings(derivedFromScore: score),
                startLocation: location, endLocation: location
            )
        }
    }
}
