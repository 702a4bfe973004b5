import Foundation
import MockPlatformKit

/// driverStatus metrics over a driver's valid trips in a date window (`openapi/iql.yaml`
/// getDriverStatus).
package struct DriverMetrics: Sendable, Equatable {
    package var dateFirstDrive: CalendarDay?
    package var tripsCount: Int
    package var distanceMiles: Double
    /// Distance-weighted mean score, rounded half up; nil without trips.
    package var zendriveScore: Int?
    /// Distance-weighted mean of each rating, rounded half up; nil without trips.
    package var eventRatings: EventRatings?
    package var uniqueDrivingDays: Int

    /// Aggregates every valid trip, of any date: the qualification and engagement metrics.
    package init(validTrips trips: [Trip]) {
        self.init(trips: trips, window: CalendarDay(daysSinceEpoch: Int.min / 2)...CalendarDay(daysSinceEpoch: Int.max / 2))
    }

    /// Aggregates the valid (not invalidated) trips whose UTC start date lies in `window`.
    package init(trips: [Trip], window: ClosedRange<CalendarDay>) {
        let counted = trips.filter { !$0.invalidated && window.contains(CalendarDay(containing: $0.start)) }
        let days = Set(counted.map { CalendarDay(containing: $0.start) })
        dateFirstDrive = days.min()
        tripsCount = counted.count
        distanceMiles = counted.reduce(0) { $0 + $1.distanceMiles }
        uniqueDrivingDays = days.count
        guard !counted.isEmpty else {
            zendriveScore = nil
            eventRatings = nil
            return
        }
        func weightedMean(_ value: (Trip) -> Int) -> Int {
            let total = counted.reduce(0.0) { $0 + $1.distanceMiles }
            let mean = total > 0
                ? counted.reduce(0.0) { $0 + Double(value($1)) * $1.distanceMiles } / total
                : Double(counted.reduce(0) { $0 + value($1) }) / Double(counted.count)
            return Int(saturating: mean + 0.5, rounding: .down)
        }
        zendriveScore = weightedMean(\.score)
        eventRatings = EventRatings(
            rapidAcceleration: weightedMean(\.eventRatings.rapidAcceleration),
            phoneUse: weightedMean(\.eventRatings.phoneUse),
            hardBrake: weightedMean(\.eventRatings.hardBrake),
            hardTurn: weightedMean(\.eventRatings.hardTurn),
            overspeeding: weightedMean(\.eventRatings.overspeeding)
        )
    }
}
