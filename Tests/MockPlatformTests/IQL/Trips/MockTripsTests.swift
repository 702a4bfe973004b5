import Foundation
@testable import MockPlatform
import XCTest

/// `POST /iql/v1/testing/driver/{driver_id}/mock_trips` (`openapi/iql.yaml` postMockTrips).
final class MockTripsTests: XCTestCase {
    private static let path = "/iql/v1/testing/driver/d1/mock_trips"

    func testCountFormChainsTripsFromSixOnTheDate() async throws {
        try await TestPlatform.run { platform in
            try await platform.freezeClock(at: TestPlatform.tripNow)
            let reply = try await platform.mockTrips("d1", ["date": "2024-06-01", "count": 3, "distance_miles_each": 3])
            XCTAssertEqual(reply.status, .ok, reply.text)
            XCTAssertEqual(reply.headers[.contentType], "application/json; charset=utf-8")
            let body = try reply.json()
            XCTAssertEqual(Set(body.keys), ["success", "driver_id", "trip_ids"])
            XCTAssertEqual(body["success"] as? String, "true")
            XCTAssertEqual(body["driver_id"] as? String, "d1")
            // 06:00Z, then 15 min after each 20-minute trip ends: 06:35, 07:10.
            XCTAssertEqual(body["trip_ids"] as? [String], ["1717221600000", "1717223700000", "1717225800000"])

            let trips = try await platform.listedTrips("d1", query: "order_type=asc")
            XCTAssertEqual(trips.map { $0["start_time"] as? String }, [
                "2024-06-01T06:00:00.000+00:00", "2024-06-01T06:35:00.000+00:00", "2024-06-01T07:10:00.000+00:00",
            ])
            XCTAssertEqual(trips.first?["end_time"] as? String, "2024-06-01T06:20:00.000+00:00")
            let first = try XCTUnwrap(trips.first)
            XCTAssertEqual(first["distance"] as? Double, 3)
            XCTAssertEqual(first["highway_distance"] as? Double, 0)
            XCTAssertEqual(first["start_location"] as? [String: Double], ["latitude": 33.4484, "longitude": -112.0740])
            XCTAssertEqual(first["end_location"] as? [String: Double], ["latitude": 33.4484, "longitude": -112.0740])
            let behavior = try XCTUnwrap(first["driving_behavior"] as? [String: Any])
            XCTAssertEqual(behavior["score"] as? [String: Int], ["zendrive_score": 80])
            XCTAssertEqual(behavior["event_rating"] as? [String: Int], [
                "rapid_acceleration": 4, "phone_use": 4, "hard_brake": 4, "hard_turn": 4, "overspeeding": 4,
            ])
        }
    }

    func testCountFormTakesDurationAndScore() async throws {
        try await TestPlatform.run { platform in
            try await platform.freezeClock(at: TestPlatform.tripNow)
            let ids = try await platform.addTrips("d1", [
                "date": "2024-06-01", "count": 2, "distance_miles_each": 1.5, "duration_minutes_each": 45, "score": 35,
            ])
            XCTAssertEqual(ids, ["1717221600000", "1717225200000"], "06:00 and 07:00 (45 min + 15 min)")
            let trips = try await platform.listedTrips("d1")
            let behavior = try XCTUnwrap(trips.first?["driving_behavior"] as? [String: Any])
            XCTAssertEqual(behavior["score"] as? [String: Int], ["zendrive_score": 35])
            XCTAssertEqual((behavior["event_rating"] as? [String: Int])?["phone_use"], 2, "ceil(35 / 20)")
        }
    }

    func testUnknownDriverIsCreatedWithoutOnboardingAnswers() async throws {
        try await TestPlatform.run { platform in
            try await platform.freezeClock(at: TestPlatform.tripNow)
            assertIQLError(try await platform.iql(.get, "/iql/v1/driver/new/info"), .notFound, "invalid driver id")
            try await platform.addTrips("new", ["date": "2024-06-01", "count": 1, "distance_miles_each": 2])
            let info = try await platform.iql(.get, "/iql/v1/driver/new/info")
            XCTAssertEqual(info.status, .ok, info.text)
            XCTAssertTrue(try info.json()["state"] is NSNull, info.text)
        }
    }

    func testListFormWithEveryField() async throws {
        try await TestPlatform.run { platform in
            try await platform.freezeClock(at: TestPlatform.tripNow)
            let ids = try await platform.addTrips("d1", [
                "date": "2024-06-02",
                "trips": [
                    ["distance_miles": 4.5, "duration_minutes": 15, "score": 90],
                    [
                        "distance_miles": 12, "duration_minutes": 25, "start_time": "2024-06-02T19:30:00.000+02:00",
                        "highway_distance_miles": 6, "score": 50,
                        "event_rating": ["rapid_acceleration": 5, "phone_use": 3, "hard_brake": 1],
                        "start_location": ["latitude": 41.8781, "longitude": -87.6298],
                        "end_location": ["latitude": 41.9, "longitude": -87.65],
                    ],
                    ["distance_miles": 1, "duration_minutes": 10, "score": NSNull(), "event_rating": NSNull()],
                ],
            ])
            // 06:00Z; 17:30Z (19:30+02:00); chained after the latest trip of the day: 17:55 + 15 min.
            XCTAssertEqual(ids, ["1717308000000", "1717349400000", "1717351800000"])
            let trips = try await platform.listedTrips("d1", query: "order_type=asc")
            XCTAssertEqual(trips.count, 3)
            let explicit = trips[1]
            XCTAssertEqual(explicit["start_time"] as? String, "2024-06-02T17:30:00.000+00:00")
            XCTAssertEqual(explicit["end_time"] as? String, "2024-06-02T17:55:00.000+00:00")
            XCTAssertEqual(explicit["highway_distance"] as? Double, 6)
            XCTAssertEqual(explicit["start_location"] as? [String: Double], ["latitude": 41.8781, "longitude": -87.6298])
            XCTAssertEqual(explicit["end_location"] as? [String: Double], ["latitude": 41.9, "longitude": -87.65])
            let behavior = try XCTUnwrap(explicit["driving_behavior"] as? [String: Any])
            XCTAssertEqual(behavior["event_rating"] as? [String: Int], [
                "rapid_acceleration": 5, "phone_use": 3, "hard_brake": 1, "hard_turn": 3, "overspeeding": 3,
            ], "missing ratings = ceil(50 / 20)")
            let last = try XCTUnwrap(trips[2]["driving_behavior"] as? [String: Any])
            XCTAssertEqual(last["score"] as? [String: Int], ["zendrive_score": 80], "null score = default")
        }
    }

    func testListFormNeedsNoDateWhenEveryTripHasAStart() async throws {
        try await TestPlatform.run { platform in
            try await platform.freezeClock(at: TestPlatform.tripNow)
            let ids = try await platform.addTrips("d1", ["trips": [
                ["distance_miles": 2, "duration_minutes": 10, "start_time": "2024-06-09T08:00:00Z"],
            ]])
            XCTAssertEqual(ids, ["1717920000000"])
        }
    }

    func testChainContinuesAfterTripsAlreadyOnTheDate() async throws {
        try await TestPlatform.run { platform in
            try await platform.freezeClock(at: TestPlatform.tripNow)
            try await platform.addTrips("d1", ["date": "2024-06-01", "count": 1, "distance_miles_each": 2])
            try await platform.addTrips("d1", ["trips": [
                ["distance_miles": 2, "duration_minutes": 30, "start_time": "2024-06-01T09:00:00Z"],
            ]])
            // Another date's trips do not move the chain.
            try await platform.addTrips("d1", ["date": "2024-06-02", "count": 1, "distance_miles_each": 2])
            let ids = try await platform.addTrips("d1", ["date": "2024-06-01", "count": 2, "distance_miles_each": 2])
            XCTAssertEqual(ids, ["1717235100000", "1717237200000"], "09:45 (after the 09:00–09:30 trip), then 10:20")
        }
    }

    func testScoreGivesEachMissingRating() async throws {
        try await TestPlatform.run { platform in
            try await platform.freezeClock(at: TestPlatform.tripNow)
            let expected = [0: 1, 1: 1, 20: 1, 21: 2, 60: 3, 80: 4, 81: 5, 100: 5]
            let scores = expected.keys.sorted()
            try await platform.addTrips("d1", [
                "date": "2024-06-01",
                "trips": scores.map { ["distance_miles": 1, "duration_minutes": 5, "score": $0] },
            ])
            let trips = try await platform.listedTrips("d1", query: "order_type=asc")
            XCTAssertEqual(trips.count, scores.count)
            for (trip, score) in zip(trips, scores) {
                let behavior = try XCTUnwrap(trip["driving_behavior"] as? [String: Any])
                let ratings = try XCTUnwrap(behavior["event_rating"] as? [String: Int])
                XCTAssertEqual(Set(ratings.values), [expected[score] ?? 0], "score \(score)")
            }
        }
    }

    func testEitherTripsOrCount() async throws {
        try await TestPlatform.run { platform in
            try await platform.freezeClock(at: TestPlatform.tripNow)
            let trip: [String: Any] = ["distance_miles": 1, "duration_minutes": 5]
            for body: [String: Any] in [
                [:],
                ["date": "2024-06-01"],
                ["trips": NSNull(), "count": NSNull(), "date": "2024-06-01"],
                ["trips": [trip], "count": 1, "distance_miles_each": 1, "date": "2024-06-01"],
                ["trips": "x", "count": "y"],
            ] {
                assertIQLError(try await platform.mockTrips("d1", body), .badRequest, "provide either trips or count")
            }
        }
    }

    func testDateRules() async throws {
        try await TestPlatform.run { platform in
            try await platform.freezeClock(at: TestPlatform.tripNow)
            let count: [String: Any] = ["count": 1, "distance_miles_each": 1]
            func with(_ date: Any) -> [String: Any] { count.merging(["date": date]) { $1 } }
            assertIQLError(try await platform.mockTrips("d1", count), .badRequest, "date is required")
            assertIQLError(try await platform.mockTrips("d1", with(NSNull())), .badRequest, "date is required")
            assertIQLError(try await platform.mockTrips("d1", with(20240601)), .badRequest, "date must be a string")
            for bad in ["2024-6-1", "2024-02-30", "06/01/2024", "2024-06-01T00:00:00Z", ""] {
                assertIQLError(try await platform.mockTrips("d1", with(bad)), .badRequest, "date must be formatted %Y-%m-%d")
            }
            for outside in ["2024-06-11", "2025-01-01", "2023-12-12", "2020-01-01"] {
                assertIQLError(
                    try await platform.mockTrips("d1", with(outside)), .badRequest, "date must be within the last 180 days"
                )
            }
            // The window is inclusive: today − 180 days and today.
            try await platform.addTrips("d1", with("2023-12-13"))
            try await platform.addTrips("d1", with("2024-06-10"))
            // The date is checked before the trips, and in the list form only a trip without a
            // start needs it.
            assertIQLError(
                try await platform.mockTrips("d1", ["date": "2024-06-11", "trips": "x"]), .badRequest,
                "date must be within the last 180 days"
            )
            assertIQLError(try await platform.mockTrips("d1", ["trips": [
                ["distance_miles": 1, "duration_minutes": 5, "start_time": "2024-06-09T08:00:00Z"],
                ["distance_miles": 1, "duration_minutes": 5],
            ]]), .badRequest, "date is required")
        }
    }

    func testListFieldRulesInTableOrder() async throws {
        try await TestPlatform.run { platform in
            try await platform.freezeClock(at: TestPlatform.tripNow)
            let ok: [String: Any] = ["distance_miles": 1, "duration_minutes": 5]
            func trip(_ change: [String: Any]) -> [String: Any] { ok.merging(change) { $1 } }
            let cases: [(Any, String)] = [
                ("x", "trips must be an array"),
                (["distance_miles": 1], "trips must be an array"),
                ([] as [Any], "trips must contain 1 to 100 trips"),
                (Array(repeating: ok, count: 101), "trips must contain 1 to 100 trips"),
                ([ok, 5], "trips[1] must be an object"),
                ([["duration_minutes": 5]], "trips[0].distance_miles is required"),
                ([trip(["distance_miles": "3"])], "trips[0].distance_miles must be a number"),
                ([trip(["distance_miles": 0])], "trips[0].distance_miles must be greater than 0 and at most 1000"),
                ([trip(["distance_miles": 1000.5])], "trips[0].distance_miles must be greater than 0 and at most 1000"),
                ([trip(["distance_miles": "x", "duration_minutes": "y"])], "trips[0].distance_miles must be a number"),
                ([["distance_miles": 1]], "trips[0].duration_minutes is required"),
                ([trip(["duration_minutes": true])], "trips[0].duration_minutes must be a number"),
                ([trip(["duration_minutes": -1])], "trips[0].duration_minutes must be greater than 0 and at most 1440"),
                ([trip(["duration_minutes": 1441])], "trips[0].duration_minutes must be greater than 0 and at most 1440"),
                ([trip(["score": 101])], "trips[0].score must be an integer between 0 and 100"),
                ([trip(["score": -1])], "trips[0].score must be an integer between 0 and 100"),
                ([trip(["score": 80.5])], "trips[0].score must be an integer between 0 and 100"),
                ([trip(["score": "80"])], "trips[0].score must be an integer between 0 and 100"),
                ([trip(["start_time": 1_717_228_800_000])], "trips[0].start_time must be a string"),
                ([trip(["start_time": "2024-06-09 08:00"])], "trips[0].start_time must be an ISO-8601 date-time with offset"),
                ([trip(["start_time": "2024-06-09T08:00:00"])], "trips[0].start_time must be an ISO-8601 date-time with offset"),
                ([trip(["highway_distance_miles": "1"])], "trips[0].highway_distance_miles must be a number"),
                ([trip(["highway_distance_miles": -0.1])], "trips[0].highway_distance_miles must be between 0 and distance_miles"),
                ([trip(["highway_distance_miles": 1.01])], "trips[0].highway_distance_miles must be between 0 and distance_miles"),
                ([trip(["event_rating": 4])], "trips[0].event_rating must be an object"),
                ([trip(["event_rating": ["phone_use": 0]])], "trips[0].event_rating.phone_use must be an integer between 1 and 5"),
                ([trip(["event_rating": ["overspeeding": 6]])], "trips[0].event_rating.overspeeding must be an integer between 1 and 5"),
                ([trip(["event_rating": ["hard_turn": "3"]])], "trips[0].event_rating.hard_turn must be an integer between 1 and 5"),
                ([trip(["start_location": [1, 2]])], "trips[0].start_location must be an object"),
                ([trip(["start_location": ["longitude": 1]])], "trips[0].start_location.latitude is required"),
                ([trip(["start_location": ["latitude": "1", "longitude": 1]])], "trips[0].start_location.latitude must be a number"),
                ([trip(["start_location": ["latitude": 90.1, "longitude": 1]])], "trips[0].start_location.latitude must be between -90 and 90"),
                ([trip(["start_location": ["latitude": 1]])], "trips[0].start_location.longitude is required"),
                ([trip(["end_location": ["latitude": 1, "longitude": -180.5]])], "trips[0].end_location.longitude must be between -180 and 180"),
                ([ok, trip(["score": 900])], "trips[1].score must be an integer between 0 and 100"),
            ]
            for (trips, message) in cases {
                assertIQLError(try await platform.mockTrips("d1", ["date": "2024-06-01", "trips": trips]), .badRequest, message)
            }
            // A refused request stores nothing and creates no driver.
            assertIQLError(try await platform.iql(.get, "/iql/v1/driver/d1/info"), .notFound, "invalid driver id")
            // Boundaries that hold.
            try await platform.addTrips("d1", ["date": "2024-06-01", "trips": [
                trip(["distance_miles": 1000, "duration_minutes": 1440, "score": 0, "highway_distance_miles": 1000]),
            ]])
            try await platform.addTrips("d1", ["date": "2024-06-03", "trips": [
                trip(["score": 100, "start_location": ["latitude": -90, "longitude": 180], "event_rating": ["phone_use": 1]]),
                trip(["score": 80.0, "end_location": ["latitude": 90, "longitude": -180], "event_rating": ["phone_use": 5]]),
            ]])
        }
    }

    func testListFormStillChecksTheCountFormFields() async throws {
        try await TestPlatform.run { platform in
            try await platform.freezeClock(at: TestPlatform.tripNow)
            let list: [String: Any] = ["date": "2024-06-01", "trips": [["distance_miles": 1, "duration_minutes": 5]]]
            let cases: [([String: Any], String)] = [
                (["score": "x"], "score must be an integer between 0 and 100"),
                (["score": 1e300], "score must be an integer between 0 and 100"),
                (["distance_miles_each": 0], "distance_miles_each must be greater than 0 and at most 1000"),
                (["duration_minutes_each": "20"], "duration_minutes_each must be a number"),
            ]
            for (change, message) in cases {
                assertIQLError(try await platform.mockTrips("d1", list.merging(change) { $1 }), .badRequest, message)
            }
            // Valid ones are ignored: the trip keeps its own defaults.
            try await platform.addTrips("d1", list.merging(["score": 10, "duration_minutes_each": 60]) { $1 })
            let trips = try await platform.listedTrips("d1")
            XCTAssertEqual(trips.first?["end_time"] as? String, "2024-06-01T06:05:00.000+00:00")
            XCTAssertEqual((trips.first?["driving_behavior"] as? [String: Any])?["score"] as? [String: Int], ["zendrive_score": 80])
        }
    }

    func testCountFieldRules() async throws {
        try await TestPlatform.run { platform in
            try await platform.freezeClock(at: TestPlatform.tripNow)
            let ok: [String: Any] = ["date": "2024-06-01", "count": 1, "distance_miles_each": 1]
            let cases: [([String: Any], String)] = [
                (["count": 0], "count must be an integer between 1 and 100"),
                (["count": 101], "count must be an integer between 1 and 100"),
                (["count": 1.5], "count must be an integer between 1 and 100"),
                (["count": "3"], "count must be an integer between 1 and 100"),
                (["distance_miles_each": NSNull()], "distance_miles_each is required"),
                (["distance_miles_each": "3"], "distance_miles_each must be a number"),
                (["distance_miles_each": 0], "distance_miles_each must be greater than 0 and at most 1000"),
                (["distance_miles_each": 1001], "distance_miles_each must be greater than 0 and at most 1000"),
                (["duration_minutes_each": "20"], "duration_minutes_each must be a number"),
                (["duration_minutes_each": 0], "duration_minutes_each must be greater than 0 and at most 1440"),
                (["score": 101], "score must be an integer between 0 and 100"),
                (["score": true], "score must be an integer between 0 and 100"),
                (["count": 0, "distance_miles_each": 0], "count must be an integer between 1 and 100"),
            ]
            for (change, message) in cases {
                assertIQLError(try await platform.mockTrips("d1", ok.merging(change) { $1 }), .badRequest, message)
            }
        }
    }

    func testTripsMustFitInOneDay() async throws {
        try await TestPlatform.run { platform in
            try await platform.freezeClock(at: TestPlatform.tripNow)
            // 100 × (20 + 15) minutes from 06:00 runs past midnight.
            assertIQLError(
                try await platform.mockTrips("d1", ["date": "2024-06-01", "count": 100, "distance_miles_each": 1]),
                .badRequest, "trips do not fit in one day"
            )
            assertIQLError(try await platform.iql(.get, "/iql/v1/driver/d1/info"), .notFound, "invalid driver id")
            // A chained start at 23:59:59Z still fits; one second later does not.
            try await platform.addTrips("d1", ["trips": [
                ["distance_miles": 1, "duration_minutes": 5, "start_time": "2024-06-01T23:39:59Z"],
            ]])
            let ids = try await platform.addTrips("d1", ["date": "2024-06-01", "count": 1, "distance_miles_each": 1])
            XCTAssertEqual(ids, ["1717286399000"], "2024-06-01T23:59:59Z")
            assertIQLError(
                try await platform.mockTrips("d1", ["date": "2024-06-01", "count": 1, "distance_miles_each": 1]),
                .badRequest, "trips do not fit in one day"
            )
            let listed = try await platform.listedTrips("d1")
            XCTAssertEqual(listed.count, 2, "nothing of a refused request is stored")
        }
    }

    func testTripsMustEndByNow() async throws {
        try await TestPlatform.run { platform in
            try await platform.freezeClock(at: TestPlatform.tripNow)
            // Today from 06:00: the 11th trip (11:50–12:10) would end after 12:00.
            assertIQLError(
                try await platform.mockTrips("d1", ["date": "2024-06-10", "count": 11, "distance_miles_each": 1]),
                .badRequest, "trip would end after the current mock time"
            )
            assertIQLError(try await platform.mockTrips("d1", ["trips": [
                ["distance_miles": 1, "duration_minutes": 5, "start_time": "2024-06-10T11:55:00.001Z"],
            ]]), .badRequest, "trip would end after the current mock time")
            assertIQLError(try await platform.mockTrips("d1", ["trips": [
                ["distance_miles": 1, "duration_minutes": 5, "start_time": "2024-07-01T08:00:00Z"],
            ]]), .badRequest, "trip would end after the current mock time")
            let ids = try await platform.addTrips("d1", ["date": "2024-06-10", "count": 10, "distance_miles_each": 1])
            XCTAssertEqual(ids.count, 10)
            // Ending exactly at now is accepted.
            try await platform.addTrips("d1", ["trips": [
                ["distance_miles": 1, "duration_minutes": 5, "start_time": "2024-06-10T11:55:00Z"],
            ]])
        }
    }

    func testSameStartIsAConflictCheckedAfterEveryFieldRule() async throws {
        try await TestPlatform.run { platform in
            try await platform.freezeClock(at: TestPlatform.tripNow)
            let trip: [String: Any] = ["distance_miles": 1, "duration_minutes": 5, "start_time": "2024-06-01T08:00:00Z"]
            try await platform.addTrips("d1", ["trips": [trip]])
            assertIQLError(try await platform.mockTrips("d1", ["trips": [trip]]), .conflict, "trip 1717228800000 already exists")
            // The same instant written with another offset is the same trip.
            var shifted = trip
            shifted["start_time"] = "2024-06-01T10:00:00+02:00"
            assertIQLError(try await platform.mockTrips("d1", ["trips": [shifted]]), .conflict, "trip 1717228800000 already exists")
            // Two trips of one request with the same start.
            var other = trip
            other["start_time"] = "2024-06-02T08:00:00Z"
            assertIQLError(try await platform.mockTrips("d1", ["trips": [other, other]]), .conflict, "trip 1717315200000 already exists")
            // A 400 anywhere in the request wins over the conflict.
            assertIQLError(try await platform.mockTrips("d1", ["trips": [trip, ["distance_miles": 1]]]), .badRequest,
                           "trips[1].duration_minutes is required")
            assertIQLError(try await platform.mockTrips("d1", ["trips": [
                trip, ["distance_miles": 1, "duration_minutes": 5, "start_time": "2024-06-11T08:00:00Z"],
            ]]), .badRequest, "trip would end after the current mock time")
            let listed = try await platform.listedTrips("d1")
            XCTAssertEqual(listed.count, 1)
        }
    }

    func testDriverIDIsCheckedBeforeTheBody() async throws {
        try await TestPlatform.run { platform in
            let long = String(repeating: "a", count: 257)
            assertIQLError(try await platform.mockTrips(long, [:]), .badRequest, "driver_id is too long")
            assertIQLError(try await platform.mockTrips("a%2Fb", [:]), .badRequest, "driver_id must not contain /")
            assertMethodNotAllowed(try await platform.iql(.get, Self.path), allow: ["POST"])
        }
    }

    func testArizonaDriverWithFiveTripsOverThreeDaysQualifies() async throws {
        try await TestPlatform.run { platform in
            try await platform.freezeClock(at: TestPlatform.tripNow)
            try await platform.createDriver("d1")
            try await platform.addTrips("d1", ["date": "2024-06-07", "count": 2, "distance_miles_each": 3])
            try await platform.addTrips("d1", ["date": "2024-06-08", "count": 2, "distance_miles_each": 3])
            let before = try await platform.iql(.get, "/iql/v1/driver/d1/status").json()
            XCTAssertEqual((before["metrics"] as? [String: Any])?["offer_available"] as? Bool, false, "2 days, 4 trips")
            try await platform.addTrips("d1", ["date": "2024-06-09", "count": 1, "distance_miles_each": 6])
            let status = try await platform.iql(.get, "/iql/v1/driver/d1/status")
            XCTAssertEqual(status.status, .ok, status.text)
            let metrics = try XCTUnwrap(try status.json()["metrics"] as? [String: Any])
            XCTAssertEqual(metrics["trips_count"] as? Int, 5)
            XCTAssertEqual(metrics["unique_driving_days"] as? Int, 3)
            XCTAssertEqual(metrics["distance_miles"] as? Double, 18)
            XCTAssertEqual(metrics["offer_available"] as? Bool, true, status.text)
        }
    }
}
