import Foundation
@testable import MockIQL
@testable import MockPlatform
import XCTest

/// `DriverMetrics` as a plain type (`openapi/iql.yaml` getDriverStatus, aggregation rules).
final class DriverMetricsTests: XCTestCase {
    private let june = TripFactory.day("2024-06-01")...TripFactory.day("2024-06-03")

    func testNoTripsGivesNilScoresAndZeroCounts() {
        let metrics = DriverMetrics(trips: [], window: june)
        XCTAssertNil(metrics.dateFirstDrive)
        XCTAssertEqual(metrics.tripsCount, 0)
        XCTAssertEqual(metrics.distanceMiles, 0)
        XCTAssertNil(metrics.zendriveScore)
        XCTAssertNil(metrics.eventRatings)
        XCTAssertEqual(metrics.uniqueDrivingDays, 0)
    }

    func testScoreIsTheDistanceWeightedMean() {
        let metrics = DriverMetrics(trips: [
            TripFactory.trip("2024-06-01T08:00:00Z", miles: 10, score: 90),
            TripFactory.trip("2024-06-01T09:00:00Z", miles: 30, score: 50),
        ], window: june)
        // (900 + 1500) / 40 = 60; the unweighted mean would be 70.
        XCTAssertEqual(metrics.zendriveScore, 60)
    }

    func testScoreRoundsHalfUp() {
        let metrics = DriverMetrics(trips: [
            TripFactory.trip("2024-06-01T08:00:00Z", miles: 1, score: 70),
            TripFactory.trip("2024-06-01T09:00:00Z", miles: 1, score: 63),
        ], window: june)
        // 66.5 → 67 (banker's rounding or truncation would give 66).
        XCTAssertEqual(metrics.zendriveScore, 67)
    }

    func testScoreBelowHalfRoundsDown() {
        let metrics = DriverMetrics(trips: [
            TripFactory.trip("2024-06-01T08:00:00Z", miles: 3, score: 70),
            TripFactory.trip("2024-06-01T09:00:00Z", miles: 1, score: 71),
        ], window: june)
        // 70.25 → 70
        XCTAssertEqual(metrics.zendriveScore, 70)
    }

    func testEventRatingsAreDistanceWeightedAndRoundHalfUp() throws {
        let metrics = DriverMetrics(trips: [
            TripFactory.trip("2024-06-01T08:00:00Z", miles: 1, score: 80, ratings: EventRatings(
                rapidAcceleration: 5, phoneUse: 4, hardBrake: 1, hardTurn: 2, overspeeding: 3
            )),
            TripFactory.trip("2024-06-02T08:00:00Z", miles: 3, score: 80, ratings: EventRatings(
                rapidAcceleration: 1, phoneUse: 5, hardBrake: 3, hardTurn: 2, overspeeding: 4
            )),
        ], window: june)
        let ratings = try XCTUnwrap(metrics.eventRatings)
        XCTAssertEqual(ratings.rapidAcceleration, 2) // 8 / 4 = 2.0 (unweighted: 3)
        XCTAssertEqual(ratings.phoneUse, 5) // 19 / 4 = 4.75
        XCTAssertEqual(ratings.hardBrake, 3) // 10 / 4 = 2.5 → 3
        XCTAssertEqual(ratings.hardTurn, 2)
        XCTAssertEqual(ratings.overspeeding, 4) // 15 / 4 = 3.75
    }

    func testWindowFiltersByUTCStartDateInclusive() {
        let metrics = DriverMetrics(trips: [
            TripFactory.trip("2024-05-31T23:50:00Z", miles: 5), // starts the day before, ends in the window
            TripFactory.trip("2024-06-01T00:00:00Z", miles: 1),
            TripFactory.trip("2024-06-03T23:59:59Z", miles: 2),
            TripFactory.trip("2024-06-04T00:00:00Z", miles: 7),
        ], window: june)
        XCTAssertEqual(metrics.tripsCount, 2)
        XCTAssertEqual(metrics.distanceMiles, 3)
        XCTAssertEqual(metrics.dateFirstDrive, TripFactory.day("2024-06-01"))
    }

    func testStartDateIsTheUTCDateNotALocalOne() {
        // 2024-06-01T20:30-07:00 is 2024-06-02 in UTC.
        let metrics = DriverMetrics(trips: [
            TripFactory.trip("2024-06-01T20:30:00-07:00", miles: 1),
        ], window: TripFactory.day("2024-06-02")...TripFactory.day("2024-06-02"))
        XCTAssertEqual(metrics.tripsCount, 1)
        XCTAssertEqual(metrics.dateFirstDrive, TripFactory.day("2024-06-02"))
    }

    func testInvalidatedTripsCountNowhere() throws {
        let metrics = DriverMetrics(trips: [
            TripFactory.trip("2024-06-01T08:00:00Z", miles: 40, score: 10, ratings: TripFactory.ratings(1), invalidated: true),
            TripFactory.trip("2024-06-02T08:00:00Z", miles: 2, score: 90, ratings: TripFactory.ratings(5)),
        ], window: june)
        XCTAssertEqual(metrics.tripsCount, 1)
        XCTAssertEqual(metrics.distanceMiles, 2)
        XCTAssertEqual(metrics.zendriveScore, 90)
        XCTAssertEqual(try XCTUnwrap(metrics.eventRatings), TripFactory.ratings(5))
        XCTAssertEqual(metrics.uniqueDrivingDays, 1)
        XCTAssertEqual(metrics.dateFirstDrive, TripFactory.day("2024-06-02"), "the invalidated first trip is not the first drive")
    }

    func testOnlyInvalidatedTripsGiveNil() {
        let metrics = DriverMetrics(trips: [
            TripFactory.trip("2024-06-01T08:00:00Z", miles: 4, invalidated: true),
        ], window: june)
        XCTAssertEqual(metrics.tripsCount, 0)
        XCTAssertNil(metrics.zendriveScore)
        XCTAssertNil(metrics.eventRatings)
        XCTAssertNil(metrics.dateFirstDrive)
    }

    func testUniqueDrivingDaysCountsDistinctUTCDates() {
        let metrics = DriverMetrics(trips: [
            TripFactory.trip("2024-06-01T08:00:00Z", miles: 1),
            TripFactory.trip("2024-06-01T23:59:00Z", miles: 1),
            TripFactory.trip("2024-06-02T00:01:00Z", miles: 1),
            TripFactory.trip("2024-06-02T12:00:00Z", miles: 1),
            TripFactory.trip("2024-06-03T12:00:00Z", miles: 1),
        ], window: june)
        XCTAssertEqual(metrics.tripsCount, 5)
        XCTAssertEqual(metrics.uniqueDrivingDays, 3)
    }

    func testDateFirstDriveIsTheEarliestEvenWhenTripsAreUnordered() {
        let metrics = DriverMetrics(trips: [
            TripFactory.trip("2024-06-03T08:00:00Z", miles: 1),
            TripFactory.trip("2024-06-02T08:00:00Z", miles: 1),
        ], window: june)
        XCTAssertEqual(metrics.dateFirstDrive, TripFactory.day("2024-06-02"))
    }
}
