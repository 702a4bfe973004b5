import Foundation
@testable import MockIQL
@testable import MockPlatform
@testable import MockPlatformRuntime
import XCTest

/// driverStatus over HTTP (`openapi/iql.yaml` getDriverStatus): window, `start_date` rules, tenant
/// clock, metrics.
final class DriverStatusTests: XCTestCase {
    private static let status = "/iql/v1/driver/d1/status"

    func testNoTripsGivesZeroCountsNullsAndTheDefaultWindow() async throws {
        try await TestPlatform.run { platform in
            try await platform.freezeClock(at: "2024-06-03T12:00:00Z")
            try await platform.createDriver("d1")
            let reply = try await platform.iql(.get, Self.status)
            XCTAssertEqual(reply.status, .ok, reply.text)
            XCTAssertEqual(reply.headers[.contentType], "application/json; charset=utf-8")
            let body = try reply.json()
            XCTAssertEqual(Set(body.keys), ["driver_id", "start_date", "end_date", "metrics"])
            XCTAssertEqual(body["driver_id"] as? String, "d1")
            XCTAssertEqual(body["start_date"] as? String, "2023-12-06", "default start = today − 180 days")
            XCTAssertEqual(body["end_date"] as? String, "2024-06-03", "end = tenant today")
            let metrics = try XCTUnwrap(body["metrics"] as? [String: Any])
            XCTAssertEqual(Set(metrics.keys), [
                "date_first_drive", "trips_count", "distance_miles", "zendrive_score", "event_rating",
                "unique_driving_days", "offer_available",
            ])
            XCTAssertTrue(metrics["date_first_drive"] is NSNull, reply.text)
            XCTAssertEqual(metrics["trips_count"] as? Int, 0)
            XCTAssertEqual(metrics["distance_miles"] as? Double, 0)
            XCTAssertTrue(metrics["zendrive_score"] is NSNull, reply.text)
            XCTAssertEqual(metrics["unique_driving_days"] as? Int, 0)
            XCTAssertEqual(metrics["offer_available"] as? Bool, false)
            let ratings = try XCTUnwrap(metrics["event_rating"] as? [String: Any], reply.text)
            XCTAssertEqual(Set(ratings.keys), ["rapid_acceleration", "phone_use", "hard_brake", "hard_turn", "overspeeding"])
            XCTAssertTrue(ratings.values.allSatisfy { $0 is NSNull }, reply.text)
        }
    }

    func testStartDateIsEchoedAndEndDateIsTenantToday() async throws {
        try await TestPlatform.run { platform in
            try await platform.freezeClock(at: "2024-06-03T12:00:00Z")
            try await platform.createDriver("d1")
            let body = try await platform.iql(.get, "\(Self.status)?start_date=2024-06-01").json()
            XCTAssertEqual(body["start_date"] as? String, "2024-06-01")
            XCTAssertEqual(body["end_date"] as? String, "2024-06-03")
        }
    }

    func testStartDateBoundsAreInclusive() async throws {
        try await TestPlatform.run { platform in
            try await platform.freezeClock(at: "2024-06-03T12:00:00Z")
            try await platform.createDriver("d1")
            let today = try await platform.iql(.get, "\(Self.status)?start_date=2024-06-03")
            XCTAssertEqual(today.status, .ok, today.text)
            XCTAssertEqual(try today.json()["start_date"] as? String, "2024-06-03")
            let oldest = try await platform.iql(.get, "\(Self.status)?start_date=2023-12-06")
            XCTAssertEqual(oldest.status, .ok, oldest.text)
            XCTAssertEqual(try oldest.json()["start_date"] as? String, "2023-12-06")
        }
    }

    func testStartDateMessages() async throws {
        try await TestPlatform.run { platform in
            try await platform.freezeClock(at: "2024-06-03T12:00:00Z")
            try await platform.createDriver("d1")
            for bad in ["2024-6-1", "2024-02-30", "2023-02-29", "06/01/2024", "yesterday", "2024-06-01T00:00:00Z", "20240601", "2024-13-01"] {
                let reply = try await platform.iql(.get, "\(Self.status)?start_date=\(bad)")
                assertIQLError(reply, .badRequest, "start_date must be formatted %Y-%m-%d")
            }
            assertIQLError(
                try await platform.iql(.get, "\(Self.status)?start_date=2024-06-04"), .badRequest,
                "start_date must not be in the future"
            )
            assertIQLError(
                try await platform.iql(.get, "\(Self.status)?start_date=2025-01-01"), .badRequest,
                "start_date must not be in the future"
            )
            assertIQLError(
                try await platform.iql(.get, "\(Self.status)?start_date=2023-12-05"), .badRequest,
                "start_date must be within 180 days of today"
            )
            assertIQLError(
                try await platform.iql(.get, "\(Self.status)?start_date=2020-01-01"), .badRequest,
                "start_date must be within 180 days of today"
            )
        }
    }

    func testLeapDayIsAValidStartDate() async throws {
        try await TestPlatform.run { platform in
            try await platform.freezeClock(at: "2024-06-03T12:00:00Z")
            try await platform.createDriver("d1")
            let reply = try await platform.iql(.get, "\(Self.status)?start_date=2024-02-29")
            XCTAssertEqual(reply.status, .ok, reply.text)
            XCTAssertEqual(try reply.json()["start_date"] as? String, "2024-02-29")
        }
    }

    func testTodayFollowsTheTenantClockInUTC() async throws {
        try await TestPlatform.run { platform in
            try await platform.createDriver("d1")
            try await platform.freezeClock(at: "2024-06-03T23:59:59Z")
            assertIQLError(
                try await platform.iql(.get, "\(Self.status)?start_date=2024-06-04"), .badRequest,
                "start_date must not be in the future"
            )
            try await platform.freezeClock(at: "2024-06-04T00:00:00Z")
            let next = try await platform.iql(.get, "\(Self.status)?start_date=2024-06-04")
            XCTAssertEqual(next.status, .ok, next.text)
            XCTAssertEqual(try next.json()["end_date"] as? String, "2024-06-04")
            // A non-UTC offset names the same instant: 2024-06-04T01:00+02:00 is still June 3 in UTC.
            try await platform.freezeClock(at: "2024-06-04T01:00:00+02:00")
            let body = try await platform.iql(.get, Self.status).json()
            XCTAssertEqual(body["end_date"] as? String, "2024-06-03")
            XCTAssertEqual(body["start_date"] as? String, "2023-12-06")
        }
    }

    func testUnknownDriverIs404BeforeStartDateRules() async throws {
        try await TestPlatform.run { platform in
            assertIQLError(try await platform.iql(.get, "/iql/v1/driver/nobody/status"), .notFound, "invalid driver id")
            assertIQLError(
                try await platform.iql(.get, "/iql/v1/driver/nobody/status?start_date=garbage"), .notFound, "invalid driver id"
            )
        }
    }

    func testDriverIDLengthIsCheckedBeforeTheUnknownDriver404() async throws {
        try await TestPlatform.run { platform in
            let long = String(repeating: "a", count: 257)
            assertIQLError(
                try await platform.iql(.get, "/iql/v1/driver/\(long)/status?start_date=garbage"), .badRequest,
                "driver_id is too long"
            )
        }
    }

    func testUnknownQueryParametersAreIgnored() async throws {
        try await TestPlatform.run { platform in
            try await platform.freezeClock(at: "2024-06-03T12:00:00Z")
            try await platform.createDriver("d1")
            let reply = try await platform.iql(.get, "\(Self.status)?end_date=2024-01-01&foo=bar")
            XCTAssertEqual(reply.status, .ok, reply.text)
            XCTAssertEqual(try reply.json()["end_date"] as? String, "2024-06-03")
        }
    }

    // MARK: - Metrics end to end (trips seeded into the store; mock_trips is not served yet)

    /// Seeds `d1` in the default tenant with trips and offers, bypassing the public API.
    private static func seed(_ registry: TenantRegistry, trips: [Trip], offers: [Offer] = []) async throws {
        let tenant = try registry.tenant(.default)
        let stored = try await tenant.iql.driver("d1")
        var driver = try XCTUnwrap(stored)
        driver.trips = trips
        driver.offers = offers
        try await tenant.iql.put(driver)
    }

    /// A driver stored without an engine run (seeded) is due: its next read runs the engine, so
    /// enough trips qualify it then, once; later reads of the settled driver emit nothing more
    /// and leave its timer where it was.
    func testASeededDriverQualifiesAtItsNextReadOnly() async throws {
        try await TestPlatform.run(fixtures: TestFixtures.shared) { platform in
            let registry = platform.tenants
            try await platform.freezeClock(at: "2024-06-03T12:00:00Z")
            try await platform.createDriver("d1")
            try await Self.seed(registry, trips: [
                TripFactory.trip("2024-06-01T08:00:00Z", miles: 5),
                TripFactory.trip("2024-06-01T18:00:00Z", miles: 5),
                TripFactory.trip("2024-06-02T08:00:00Z", miles: 5),
                TripFactory.trip("2024-06-02T18:00:00Z", miles: 5),
                TripFactory.trip("2024-06-03T07:00:00Z", miles: 5),
            ])
            let first = try await platform.iql(.get, Self.status)
            XCTAssertEqual(first.status, .ok, first.text)
            let metrics = try XCTUnwrap(try first.json()["metrics"] as? [String: Any])
            XCTAssertEqual(metrics["offer_available"] as? Bool, true, first.text)
            let timers = try await platform.send(.get, "/_mock/timers").text
            for _ in 0..<3 {
                let again = try await platform.iql(.get, Self.status)
                XCTAssertEqual(again.text, first.text)
            }
            let events = try await platform.send(.get, "/_mock/events?type=qualification&driver_id=d1").json()
            XCTAssertEqual((events["events"] as? [Any])?.count, 1, "one qualification, at the first read")
            let timersAfter = try await platform.send(.get, "/_mock/timers").text
            XCTAssertEqual(timersAfter, timers)
        }
    }

    func testMetricsAggregateValidTripsInTheWindow() async throws {
        try await TestPlatform.run(fixtures: TestFixtures.shared) { platform in
            let registry = platform.tenants
            try await platform.freezeClock(at: "2024-06-03T12:00:00Z")
            try await platform.createDriver("d1")
            try await Self.seed(registry, trips: [
                TripFactory.trip("2024-05-31T23:59:00Z", miles: 100, score: 10), // before the window
                TripFactory.trip("2024-06-01T00:00:00Z", miles: 1.2345, score: 90, ratings: TripFactory.ratings(5)),
                TripFactory.trip("2024-06-01T18:00:00Z", miles: 2, score: 60, ratings: TripFactory.ratings(2)),
                TripFactory.trip("2024-06-02T08:00:00Z", miles: 50, score: 0, ratings: TripFactory.ratings(1), invalidated: true),
                TripFactory.trip("2024-06-03T07:00:00Z", miles: 0.7655, score: 70, ratings: TripFactory.ratings(4)),
            ])
            let reply = try await platform.iql(.get, "\(Self.status)?start_date=2024-06-01")
            XCTAssertEqual(reply.status, .ok, reply.text)
            let metrics = try XCTUnwrap(try reply.json()["metrics"] as? [String: Any])
            XCTAssertEqual(metrics["date_first_drive"] as? String, "2024-06-01")
            XCTAssertEqual(metrics["trips_count"] as? Int, 3)
            XCTAssertEqual(metrics["distance_miles"] as? Double, 4.0, "1.2345 + 2 + 0.7655")
            // (90·1.2345 + 60·2 + 70·0.7655) / 4 = 71.18… → 71
            XCTAssertEqual(metrics["zendrive_score"] as? Int, 71)
            // (5·1.2345 + 2·2 + 4·0.7655) / 4 = 3.308… → 3
            let ratings = try XCTUnwrap(metrics["event_rating"] as? [String: Int], reply.text)
            XCTAssertEqual(ratings, [
                "rapid_acceleration": 3, "phone_use": 3, "hard_brake": 3, "hard_turn": 3, "overspeeding": 3,
            ])
            XCTAssertEqual(metrics["unique_driving_days"] as? Int, 2)
            XCTAssertEqual(metrics["offer_available"] as? Bool, false)
        }
    }

    func testDistanceIsRoundedToThreeDecimals() async throws {
        try await TestPlatform.run(fixtures: TestFixtures.shared) { platform in
            let registry = platform.tenants
            try await platform.freezeClock(at: "2024-06-03T12:00:00Z")
            try await platform.createDriver("d1")
            try await Self.seed(registry, trips: [
                TripFactory.trip("2024-06-02T08:00:00Z", miles: 1.23456),
                TripFactory.trip("2024-06-02T09:00:00Z", miles: 2.0001),
            ])
            let reply = try await platform.iql(.get, Self.status)
            let metrics = try XCTUnwrap(try reply.json()["metrics"] as? [String: Any])
            XCTAssertEqual(metrics["distance_miles"] as? Double, 3.235, reply.text)
            XCTAssertEqual(metrics["unique_driving_days"] as? Int, 1)
        }
    }

    func testEventRatingsAreIndividuallyWeighted() async throws {
        try await TestPlatform.run(fixtures: TestFixtures.shared) { platform in
            let registry = platform.tenants
            try await platform.freezeClock(at: "2024-06-03T12:00:00Z")
            try await platform.createDriver("d1")
            let first = EventRatings(rapidAcceleration: 5, phoneUse: 1, hardBrake: 3, hardTurn: 4, overspeeding: 2)
            let second = EventRatings(rapidAcceleration: 1, phoneUse: 5, hardBrake: 3, hardTurn: 2, overspeeding: 2)
            try await Self.seed(registry, trips: [
                TripFactory.trip("2024-06-02T08:00:00Z", miles: 3, score: 100, ratings: first),
                TripFactory.trip("2024-06-02T09:00:00Z", miles: 1, score: 50, ratings: second),
            ])
            let reply = try await platform.iql(.get, Self.status)
            let metrics = try XCTUnwrap(try reply.json()["metrics"] as? [String: Any])
            // score (300 + 50) / 4 = 87.5 → 88
            XCTAssertEqual(metrics["zendrive_score"] as? Int, 88, reply.text)
            XCTAssertEqual(metrics["event_rating"] as? [String: Int], [
                "rapid_acceleration": 4, // 16 / 4
                "phone_use": 2, // 8 / 4
                "hard_brake": 3,
                "hard_turn": 4, // 14 / 4 = 3.5 → 4
                "overspeeding": 2,
            ], reply.text)
        }
    }

    func testWindowWithoutValidTripsGivesNulls() async throws {
        try await TestPlatform.run(fixtures: TestFixtures.shared) { platform in
            let registry = platform.tenants
            try await platform.freezeClock(at: "2024-06-03T12:00:00Z")
            try await platform.createDriver("d1")
            try await Self.seed(registry, trips: [
                TripFactory.trip("2024-05-20T08:00:00Z", miles: 3),
                TripFactory.trip("2024-06-02T08:00:00Z", miles: 3, invalidated: true),
            ])
            let reply = try await platform.iql(.get, "\(Self.status)?start_date=2024-06-01")
            let metrics = try XCTUnwrap(try reply.json()["metrics"] as? [String: Any])
            XCTAssertTrue(metrics["date_first_drive"] is NSNull, reply.text)
            XCTAssertEqual(metrics["trips_count"] as? Int, 0)
            XCTAssertEqual(metrics["distance_miles"] as? Double, 0)
            XCTAssertTrue(metrics["zendrive_score"] is NSNull, reply.text)
            XCTAssertTrue((metrics["event_rating"] as? [String: Any])?.values.allSatisfy { $0 is NSNull } ?? false, reply.text)
            XCTAssertEqual(metrics["unique_driving_days"] as? Int, 0)

            // The default window (180 days) does include the May trip.
            let wideBody = try await platform.iql(.get, Self.status).json()
            let wide = try XCTUnwrap(wideBody["metrics"] as? [String: Any])
            XCTAssertEqual(wide["trips_count"] as? Int, 1)
            XCTAssertEqual(wide["date_first_drive"] as? String, "2024-05-20")
        }
    }

    func testOfferAvailableReflectsActiveOffers() async throws {
        try await TestPlatform.run(fixtures: TestFixtures.shared) { platform in
            let registry = platform.tenants
            try await platform.freezeClock(at: "2024-06-03T12:00:00Z")
            try await platform.createDriver("d1")
            let created = TripFactory.instant("2024-06-01T00:00:00Z")
            let active = Offer(
                offerID: "ad_default_001", campaignID: "default", createdAt: created,
                expiresAt: TripFactory.instant("2024-07-01T00:00:00Z")
            )
            try await Self.seed(registry, trips: [], offers: [active])
            var metrics = try await platform.iql(.get, Self.status).json()["metrics"] as? [String: Any]
            XCTAssertEqual(metrics?["offer_available"] as? Bool, true)

            var retracted = active
            retracted.retracted = true
            try await Self.seed(registry, trips: [], offers: [retracted])
            metrics = try await platform.iql(.get, Self.status).json()["metrics"] as? [String: Any]
            XCTAssertEqual(metrics?["offer_available"] as? Bool, false, "a retracted offer is not available")

            try await Self.seed(registry, trips: [], offers: [active])
            try await platform.freezeClock(at: "2024-07-02T00:00:00Z")
            metrics = try await platform.iql(.get, Self.status).json()["metrics"] as? [String: Any]
            XCTAssertEqual(metrics?["offer_available"] as? Bool, false, "an expired offer is not available")
        }
    }
}
