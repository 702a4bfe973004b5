import Foundation
@testable import MockPlatform
import XCTest

/// driverTrips (`openapi/iql.yaml` listDriverTrips): paging, order, units, trip shape, query rules.
final class DriverTripsTests: XCTestCase {
    /// 120 trips: 20 a day on 2024-06-01 … 2024-06-06, each 1.25 miles (2.012 km); their ids
    /// in start order.
    private static func seed120(_ platform: TestPlatform) async throws -> [String] {
        var ids: [String] = []
        for day in 1...6 {
            ids += try await platform.addTrips("d1", [
                "date": String(format: "2024-06-%02d", day), "count": 20, "distance_miles_each": 1.25,
            ])
        }
        XCTAssertEqual(ids.count, 120)
        return ids
    }

    func testPagingOver120TripsListsEachTripOnceInOrder() async throws {
        try await TestPlatform.run { platform in
            try await platform.freezeClock(at: TestPlatform.tripNow)
            let ids = try await Self.seed120(platform)
            XCTAssertEqual(ids, ids.sorted { (Int64($0) ?? 0) < (Int64($1) ?? 0) })
            for (order, expected) in [("asc", ids), ("desc", Array(ids.reversed()))] {
                for (unit, distance) in [("mile", 1.25), ("km", 2.012)] {
                    for limit in [50, 7, 60, 100] {
                        let pages = try await platform.allTripPages("d1", limit: limit, order: order, unit: unit)
                        let label = "\(order) \(unit) limit \(limit)"
                        XCTAssertEqual(pages.map(\.count), Self.pageSizes(total: 120, limit: limit), label)
                        let listed = pages.flatMap { $0 }
                        XCTAssertEqual(listed.map { $0["trip_id"] as? String }, expected, label)
                        XCTAssertTrue(listed.allSatisfy { $0["distance"] as? Double == distance }, label)
                    }
                }
            }
        }
    }

    private static func pageSizes(total: Int, limit: Int) -> [Int] {
        Array(repeating: limit, count: total / limit) + (total % limit == 0 ? [] : [total % limit])
    }

    func testDefaultsAreFiftyNewestFirstInMiles() async throws {
        try await TestPlatform.run { platform in
            try await platform.freezeClock(at: TestPlatform.tripNow)
            let ids = try await Self.seed120(platform)
            let reply = try await platform.tripsPage("d1")
            XCTAssertEqual(reply.status, .ok, reply.text)
            XCTAssertEqual(reply.headers[.contentType], "application/json; charset=utf-8")
            let body = try reply.json()
            XCTAssertEqual(Set(body.keys), ["trips", "next_cursor", "response_metadata"])
            let trips = try XCTUnwrap(body["trips"] as? [[String: Any]])
            XCTAssertEqual(trips.map { $0["trip_id"] as? String }, Array(ids.reversed().prefix(50)))
            XCTAssertEqual(trips.first?["distance"] as? Double, 1.25)
            // The cursor is base64url of the order and the page's last trip.
            let cursor = try XCTUnwrap(body["next_cursor"] as? String)
            let data = try XCTUnwrap(Base64URL.decode(cursor))
            XCTAssertEqual(String(decoding: data, as: UTF8.self), "{\"order_type\":\"desc\",\"trip_id\":\"\(ids[70])\"}")
            XCTAssertFalse(cursor.contains("="), "unpadded")
        }
    }

    func testTripShape() async throws {
        try await TestPlatform.run { platform in
            try await platform.freezeClock(at: TestPlatform.tripNow)
            try await platform.addTrips("d1", ["trips": [[
                "distance_miles": 1.23456, "duration_minutes": 20.5, "start_time": "2024-06-01T08:00:00.1234Z",
                "highway_distance_miles": 0.5, "score": 77,
                "event_rating": ["rapid_acceleration": 5, "phone_use": 4, "hard_brake": 3, "hard_turn": 2, "overspeeding": 1],
            ]]])
            let miles = try await platform.listedTrips("d1")
            XCTAssertEqual(miles.count, 1)
            let trip = try XCTUnwrap(miles.first)
            XCTAssertEqual(Set(trip.keys), [
                "trip_id", "start_time", "end_time", "start_location", "end_location", "distance", "highway_distance",
                "driving_behavior", "invalidated",
            ])
            XCTAssertEqual(trip["trip_id"] as? String, "1717228800123", "start in epoch ms, rounded to the millisecond")
            XCTAssertEqual(trip["start_time"] as? String, "2024-06-01T08:00:00.123+00:00")
            XCTAssertEqual(trip["end_time"] as? String, "2024-06-01T08:20:30.123+00:00")
            XCTAssertEqual(trip["distance"] as? Double, 1.235)
            XCTAssertEqual(trip["highway_distance"] as? Double, 0.5)
            XCTAssertEqual(trip["invalidated"] as? Bool, false)
            XCTAssertEqual(trip["driving_behavior"] as? [String: [String: Int]], [
                "score": ["zendrive_score": 77],
                "event_rating": ["rapid_acceleration": 5, "phone_use": 4, "hard_brake": 3, "hard_turn": 2, "overspeeding": 1],
            ])
            let inKilometres = try await platform.listedTrips("d1", query: "length_unit=KM")
            let km = try XCTUnwrap(inKilometres.first)
            XCTAssertEqual(km["distance"] as? Double, 1.987, "1.23456 × 1.609344 = 1.98683…")
            XCTAssertEqual(km["highway_distance"] as? Double, 0.805, "0.5 × 1.609344 = 0.804672")
        }
    }

    func testLastPageAndEmptyListHaveAnEmptyCursor() async throws {
        try await TestPlatform.run { platform in
            try await platform.freezeClock(at: TestPlatform.tripNow)
            try await platform.createDriver("d1")
            let empty = try await platform.tripsPage("d1").json()
            XCTAssertEqual((empty["trips"] as? [Any])?.count, 0)
            XCTAssertEqual(empty["next_cursor"] as? String, "")
            XCTAssertEqual(empty["response_metadata"] as? [String: String], ["next_cursor": ""])
            try await platform.addTrips("d1", ["date": "2024-06-01", "count": 2, "distance_miles_each": 1])
            let exact = try await platform.tripsPage("d1", query: "limit=2").json()
            XCTAssertEqual((exact["trips"] as? [Any])?.count, 2)
            XCTAssertEqual(exact["next_cursor"] as? String, "", "no further page when the trips end exactly")
        }
    }

    func testTripsAddedLaterAppearOnLaterPages() async throws {
        try await TestPlatform.run { platform in
            try await platform.freezeClock(at: TestPlatform.tripNow)
            let first = try await platform.addTrips("d1", ["date": "2024-06-01", "count": 3, "distance_miles_each": 1])
            let page = try await platform.tripsPage("d1", query: "order_type=asc&limit=2").json()
            let cursor = try XCTUnwrap(page["next_cursor"] as? String)
            let later = try await platform.addTrips("d1", ["date": "2024-06-02", "count": 1, "distance_miles_each": 1])
            // Sorts before the cursor: never listed on the next pages.
            try await platform.addTrips("d1", ["trips": [["distance_miles": 1, "duration_minutes": 5, "start_time": "2024-05-01T08:00:00Z"]]])
            let next = try await platform.listedTrips("d1", query: "order_type=asc&limit=2&cursor=\(cursor)")
            XCTAssertEqual(next.map { $0["trip_id"] as? String }, [first[2], later[0]])
        }
    }

    func testInvalidatedTripsAreListed() async throws {
        try await TestPlatform.run { platform in
            try await platform.freezeClock(at: TestPlatform.tripNow)
            let ids = try await platform.addTrips("d1", ["date": "2024-06-08", "count": 2, "distance_miles_each": 1])
            let feedback = try await platform.iql(
                .post, "/iql/v1/driver/d1/trip/\(ids[0])/feedback", json: ["trip_type": "invalid", "timestamp": 1_717_900_000_000]
            )
            XCTAssertEqual(feedback.status, .ok, feedback.text)
            let trips = try await platform.listedTrips("d1", query: "order_type=asc")
            XCTAssertEqual(trips.map { $0["invalidated"] as? Bool }, [true, false])
        }
    }

    func testQueryRulesInOrder() async throws {
        try await TestPlatform.run { platform in
            try await platform.freezeClock(at: TestPlatform.tripNow)
            try await platform.addTrips("d1", ["date": "2024-06-01", "count": 3, "distance_miles_each": 1])
            let firstAscending = try await platform.tripsPage("d1", query: "order_type=asc&limit=1").json()
            let ascCursor = try XCTUnwrap(firstAscending["next_cursor"] as? String)
            let garbage = Base64URL.encode(Data("not json".utf8))
            let noTrip = Base64URL.encode(Data("{\"order_type\":\"asc\"}".utf8))
            let badOrder = Base64URL.encode(Data("{\"order_type\":\"up\",\"trip_id\":\"1\"}".utf8))
            let cases: [(String, String)] = [
                ("limit=0", "limit must be an integer between 1 and 100"),
                ("limit=101", "limit must be an integer between 1 and 100"),
                ("limit=-1", "limit must be an integer between 1 and 100"),
                ("limit=abc", "limit must be an integer between 1 and 100"),
                ("limit=", "limit must be an integer between 1 and 100"),
                ("limit=1.5", "limit must be an integer between 1 and 100"),
                ("limit=99999999999999999999999", "limit must be an integer between 1 and 100"),
                ("limit=0&order_type=up&length_unit=yard&cursor=x", "limit must be an integer between 1 and 100"),
                ("order_type=up", "order_type must be asc or desc"),
                ("order_type=", "order_type must be asc or desc"),
                ("order_type=up&length_unit=yard&cursor=x", "order_type must be asc or desc"),
                ("length_unit=miles", "length_unit must be mile or km"),
                ("length_unit=yard&cursor=x", "length_unit must be mile or km"),
                ("cursor=x", "invalid cursor"),
                ("cursor=", "invalid cursor"),
                ("cursor=%21%21", "invalid cursor"),
                ("cursor=\(garbage)", "invalid cursor"),
                ("cursor=\(noTrip)", "invalid cursor"),
                ("cursor=\(badOrder)", "invalid cursor"),
                ("cursor=\(ascCursor)", "order_type must match the cursor"),
                ("order_type=desc&cursor=\(ascCursor)", "order_type must match the cursor"),
            ]
            for (query, message) in cases {
                assertIQLError(try await platform.tripsPage("d1", query: query), .badRequest, message)
            }
            // Any case, and the bounds.
            for query in ["limit=1", "limit=100", "order_type=ASC", "order_type=Desc", "length_unit=Mile", "length_unit=km",
                          "order_type=AsC&cursor=\(ascCursor)"] {
                let reply = try await platform.tripsPage("d1", query: query)
                XCTAssertEqual(reply.status, .ok, "\(query): \(reply.text)")
            }
        }
    }

    func testUnknownDriverAndLongIDComeBeforeQueryRules() async throws {
        try await TestPlatform.run { platform in
            assertIQLError(try await platform.tripsPage("nobody", query: "limit=0"), .notFound, "invalid driver id")
            let long = String(repeating: "a", count: 257)
            assertIQLError(try await platform.tripsPage(long, query: "limit=0"), .badRequest, "driver_id is too long")
            // The reference apps call the route with a trailing slash.
            try await platform.createDriver("d1")
            let slash = try await platform.iql(.get, "/iql/v1/driver/d1/trips/?limit=30")
            XCTAssertEqual(slash.status, .ok, slash.text)
        }
    }
}
