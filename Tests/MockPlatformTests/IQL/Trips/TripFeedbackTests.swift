import Foundation
@testable import MockIQL
@testable import MockPlatform
import XCTest

/// tripFeedback (`openapi/iql.yaml` postTripFeedback): check order, 7-day window, qualified
/// drivers, duplicates, effect.
final class TripFeedbackTests: XCTestCase {
    private static var invalid: [String: Any] { ["trip_type": "invalid", "timestamp": 1_717_990_000_000] }

    private static func feedback(_ platform: TestPlatform, driver: String = "d1", trip: String, _ body: Any = invalid) async throws -> TestPlatform.Reply {
        try await platform.iql(.post, "/iql/v1/driver/\(driver)/trip/\(trip)/feedback", json: body)
    }

    /// Feedback that must be accepted.
    private static func accept(_ platform: TestPlatform, trip: String, file: StaticString = #filePath, line: UInt = #line) async throws {
        let reply = try await feedback(platform, trip: trip)
        XCTAssertEqual(reply.status, .ok, reply.text, file: file, line: line)
    }

    func testFeedbackInvalidatesTheTripAndItStopsCounting() async throws {
        try await TestPlatform.run(fixtures: TestFixtures.shared) { platform in
            let registry = platform.tenants
            try await platform.freezeClock(at: TestPlatform.tripNow)
            try await platform.createDriver("d1", state: "NY", zipcode: "10118")
            let ids = try await platform.addTrips("d1", ["date": "2024-06-08", "count": 3, "distance_miles_each": 2])
            let reply = try await Self.feedback(platform, trip: ids[1])
            XCTAssertEqual(reply.status, .ok, reply.text)
            XCTAssertEqual(reply.headers[.contentType], "application/json; charset=utf-8")
            XCTAssertEqual(try reply.json() as? [String: String], ["success": "true"])
            let status = try await platform.iql(.get, "/iql/v1/driver/d1/status").json()
            let metrics = try XCTUnwrap(status["metrics"] as? [String: Any])
            XCTAssertEqual(metrics["trips_count"] as? Int, 2)
            XCTAssertEqual(metrics["distance_miles"] as? Double, 4)
            let stored = try await registry.storedDriver("d1")
            XCTAssertEqual(stored?.trips.map(\.invalidated), [false, true, false])
            XCTAssertEqual(stored?.trips[1].feedbackTimestamp, 1_717_990_000_000)
        }
    }

    func testInvalidatedTripsDoNotQualify() async throws {
        try await TestPlatform.run { platform in
            try await platform.freezeClock(at: TestPlatform.tripNow)
            // Trips first, in a state no campaign covers; then one is invalidated, then the move to AZ.
            try await platform.createDriver("d1", state: "NY", zipcode: "10118")
            try await platform.addTrips("d1", ["date": "2024-06-07", "count": 2, "distance_miles_each": 3])
            try await platform.addTrips("d1", ["date": "2024-06-08", "count": 2, "distance_miles_each": 3])
            let last = try await platform.addTrips("d1", ["date": "2024-06-09", "count": 1, "distance_miles_each": 3])
            try await Self.accept(platform, trip: last[0])
            try await platform.createDriver("d1")
            func offerAvailable() async throws -> Bool? {
                let body = try await platform.iql(.get, "/iql/v1/driver/d1/status").json()
                return (body["metrics"] as? [String: Any])?["offer_available"] as? Bool
            }
            let withoutInvalidated = try await offerAvailable()
            XCTAssertEqual(withoutInvalidated, false, "4 valid trips on 2 days")
            try await platform.addTrips("d1", ["date": "2024-06-10", "count": 1, "distance_miles_each": 3])
            let afterAnotherTrip = try await offerAvailable()
            XCTAssertEqual(afterAnotherTrip, true)
        }
    }

    func testDuplicateFeedbackKeepsTheFirstTimestamp() async throws {
        try await TestPlatform.run(fixtures: TestFixtures.shared) { platform in
            let registry = platform.tenants
            try await platform.freezeClock(at: TestPlatform.tripNow)
            let ids = try await platform.addTrips("d1", ["date": "2024-06-08", "count": 1, "distance_miles_each": 2])
            try await Self.accept(platform, trip: ids[0])
            let again = try await Self.feedback(platform, trip: ids[0], ["trip_type": "INVALID", "timestamp": 1_718_000_000_000])
            XCTAssertEqual(again.status, .ok, again.text)
            XCTAssertEqual(try again.json() as? [String: String], ["success": "true"])
            let stored = try await registry.storedDriver("d1")
            XCTAssertEqual(stored?.trips.first?.feedbackTimestamp, 1_717_990_000_000)
        }
    }

    func testUnknownDriverThenUnknownTripComeBeforeBodyRules() async throws {
        try await TestPlatform.run { platform in
            try await platform.freezeClock(at: TestPlatform.tripNow)
            let ids = try await platform.addTrips("d1", ["date": "2024-06-08", "count": 1, "distance_miles_each": 2])
            assertIQLError(try await Self.feedback(platform, driver: "nobody", trip: ids[0], [:]), .notFound, "invalid driver id")
            for trip in ["1717826400001", "abc", "01717826400000", "-1"] {
                assertIQLError(try await Self.feedback(platform, trip: trip, [:]), .notFound, "invalid trip id")
            }
            let long = String(repeating: "a", count: 257)
            assertIQLError(try await Self.feedback(platform, driver: long, trip: ids[0], [:]), .badRequest, "driver_id is too long")
            // A feedback request creates no driver.
            assertIQLError(try await platform.iql(.get, "/iql/v1/driver/nobody/info"), .notFound, "invalid driver id")
        }
    }

    func testBodyRules() async throws {
        try await TestPlatform.run { platform in
            try await platform.freezeClock(at: TestPlatform.tripNow)
            // An old trip: the body rules still come before the 7-day window.
            let old = try await platform.addTrips("d1", ["date": "2024-05-01", "count": 1, "distance_miles_each": 2])
            let cases: [([String: Any], String)] = [
                ([:], "trip_type is required"),
                (["trip_type": NSNull(), "timestamp": 1], "trip_type is required"),
                (["trip_type": 5, "timestamp": 1], "trip_type must be a string"),
                (["trip_type": "valid", "timestamp": 1], "trip_type must be invalid"),
                (["trip_type": "", "timestamp": 1], "trip_type must be invalid"),
                (["trip_type": "invalid"], "timestamp is required"),
                (["trip_type": "invalid", "timestamp": NSNull()], "timestamp is required"),
                (["trip_type": "invalid", "timestamp": "1717990000000"], "timestamp must be an integer"),
                (["trip_type": "invalid", "timestamp": 1.5], "timestamp must be an integer"),
                (["trip_type": "invalid", "timestamp": true], "timestamp must be an integer"),
            ]
            for (body, message) in cases {
                assertIQLError(try await Self.feedback(platform, trip: old[0], body), .badRequest, message)
            }
            assertIQLError(
                try await platform.iqlRaw(.post, "/iql/v1/driver/d1/trip/\(old[0])/feedback", body: "[1]"), .badRequest,
                "request body must be a JSON object"
            )
        }
    }

    func testSevenDayWindowByTheTenantClock() async throws {
        try await TestPlatform.run(fixtures: TestFixtures.shared) { platform in
            let registry = platform.tenants
            try await platform.freezeClock(at: TestPlatform.tripNow)
            let trip: (String) -> [String: Any] = { start in
                ["trips": [["distance_miles": 1, "duration_minutes": 5, "start_time": start]]]
            }
            let edge = try await platform.addTrips("d1", trip("2024-06-03T12:00:00Z"))
            let late = try await platform.addTrips("d1", trip("2024-06-03T11:59:59.999Z"))
            // The feedback's own timestamp does not matter, only the tenant clock.
            let lateBody: [String: Any] = ["trip_type": "invalid", "timestamp": 1_717_500_000_000]
            assertIQLError(
                try await Self.feedback(platform, trip: late[0], lateBody), .badRequest,
                "feedback is only accepted within 7 days of the trip"
            )
            try await Self.accept(platform, trip: edge[0]) // exactly 7 × 24 h
            let stored = try await registry.storedDriver("d1")
            XCTAssertEqual(stored?.trips.map(\.invalidated), [false, true], "the refused trip is unchanged")
            // The window follows the clock.
            try await platform.send(.post, "/_mock/clock", json: ["advance_seconds": 7 * 86_400])
            let recent = try await platform.addTrips("d1", trip("2024-06-16T12:00:00Z"))
            try await Self.accept(platform, trip: recent[0])
        }
    }

    func testQualifiedDriversCannotGiveFeedback() async throws {
        try await TestPlatform.run { platform in
            try await platform.freezeClock(at: TestPlatform.tripNow)
            try await platform.createDriver("d1")
            try await platform.addTrips("d1", ["date": "2024-06-07", "count": 2, "distance_miles_each": 3])
            try await platform.addTrips("d1", ["date": "2024-06-08", "count": 2, "distance_miles_each": 3])
            let last = try await platform.addTrips("d1", ["date": "2024-06-09", "count": 1, "distance_miles_each": 3])
            assertIQLError(try await Self.feedback(platform, trip: last[0]), .badRequest, "driver is already qualified")
            // The window is checked first.
            let old = try await platform.addTrips("d1", ["date": "2024-05-01", "count": 1, "distance_miles_each": 3])
            assertIQLError(
                try await Self.feedback(platform, trip: old[0]), .badRequest, "feedback is only accepted within 7 days of the trip"
            )
        }
    }

    func testADriverWhoHeldAnOfferStaysQualified() async throws {
        try await TestPlatform.run(fixtures: TestFixtures.shared) { platform in
            let registry = platform.tenants
            try await platform.freezeClock(at: TestPlatform.tripNow)
            let ids = try await platform.addTrips("d1", ["date": "2024-06-09", "count": 1, "distance_miles_each": 3])
            let stored = try await registry.storedDriver("d1")
            var driver = try XCTUnwrap(stored)
            let expired = Offer(
                offerID: "ad_default_001", campaignID: "default",
                createdAt: TripFactory.instant("2024-04-01T00:00:00Z"), expiresAt: TripFactory.instant("2024-05-01T00:00:00Z")
            )
            driver.offers = [expired]
            try await registry.tenant(.default).iql.put(driver)
            assertIQLError(try await Self.feedback(platform, trip: ids[0]), .badRequest, "driver is already qualified")
        }
    }
}
