import Foundation
import MockPlatformKit

/// Where mock trips land on a driver's timeline (`openapi/iql.yaml` postMockTrips).
///
/// A trip with `start_time` starts there. The others are chained on the request's `date`: the
/// first at 06:00:00Z, or 15 minutes after the last trip already on that date (stored, or placed
/// earlier in the same request), each next one 15 minutes after the previous ends. Trips are
/// checked in request order (`trips do not fit in one day`, then `trip would end after the
/// current mock time`); only then is a start equal to another trip's a 409.
enum TripPlacement {
    static let firstStart: TimeInterval = 6 * 3600
    static let gap: TimeInterval = 15 * 60
    /// The latest start of the day a chained trip may have: 23:59:59Z.
    static let lastStart: TimeInterval = 86_399

    /// The new trips, or the first failure; `existing` is not changed.
    static func place(_ request: MockTripsRequest, among existing: [Trip], now: Date) throws(APIError) -> [Trip] {
        var placed: [Trip] = []
        for spec in request.trips {
            let start: Date
            switch spec.start {
            case .at(let instant):
                start = instant.wholeMilliseconds
            case .chained(let day):
                start = chainedStart(on: day, after: existing + placed)
                guard start.timeIntervalSince(day.start) <= lastStart else { throw .badRequest("trips do not fit in one day") }
            }
            let trip = Trip(
                start: start,
                end: start.addingTimeInterval(spec.durationMinutes * 60),
                distanceMiles: spec.distanceMiles,
                highwayDistanceMiles: spec.highwayDistanceMiles,
                score: spec.score,
                eventRatings: spec.eventRatings,
                startLocation: spec.startLocation,
                endLocation: spec.endLocation
            )
            guard trip.end <= now else { throw .badRequest("trip would end after the current mock time") }
            placed.append(trip)
        }
        var taken = Set(existing.map(\.id))
        for trip in placed where !taken.insert(trip.id).inserted {
            throw APIError(.conflict, "trip \(trip.id) already exists")
        }
        return placed
    }

    private static func chainedStart(on day: CalendarDay, after trips: [Trip]) -> Date {
        let ends = trips.filter { CalendarDay(containing: $0.start) == day }.map(\.end)
        guard let last = ends.max() else { return day.start.addingTimeInterval(firstStart) }
        return last.addingTimeInterval(gap).wholeMilliseconds
    }
}

private extension Date {
    /// Rounded to the millisecond, so that a trip's id (its start in epoch ms) names it exactly.
    var wholeMilliseconds: Date { Date(timeIntervalSince1970: (timeIntervalSince1970 * 1000).rounded() / 1000) }
}
