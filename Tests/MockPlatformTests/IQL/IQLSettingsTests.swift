import Foundation
@testable import MockPlatform
import XCTest

/// The tenant settings the IQL engine follows (`PATCH /_mock/config`, `openapi/control.yaml`
/// TenantConfig): the trip-one engagement, the default platform, the heartbeat interval and the
/// default trip location.
final class IQLSettingsTests: XCTestCase {
    func testADisabledTripOneIsNotEmitted() async throws {
        try await TestPlatform.run { platform in
            try await platform.freezeClock(at: TestPlatform.offerTestNow)
            try await platform.patchConfig(["engagement": ["trip-1": ["enabled": false]]])
            try await platform.createDriver("d1")
            try await platform.addTrips("d1", ["date": "2024-06-09", "count": 1, "distance_miles_each": 3])
            try await platform.advance(hours: 1)
            let subtypes = try await platform.subtypes("d1")
            XCTAssertFalse(subtypes.contains("trip-1"), "\(subtypes)")

            try await platform.createDriver("d2")
            try await platform.patchConfig(["engagement": ["trip-1": ["enabled": true, "message": "First!"]]])
            let stillNone = try await platform.subtypes("d1")
            XCTAssertFalse(stillNone.contains("trip-1"), "what came due while disabled is dropped, not held back")
            try await platform.addTrips("d2", ["date": "2024-06-09", "count": 1, "distance_miles_each": 3])
            let events = try await platform.events("engagement", driverID: "d2")
            let payload = try XCTUnwrap(events.first?["payload"] as? [String: Any])
            XCTAssertEqual(payload["subtype"] as? String, "trip-1")
            XCTAssertEqual((payload["metadata"] as? [String: Any])?["message"] as? String, "First!")
        }
    }

    func testDefaultPlatformIOSMakesPreemptiveAlertWait48Hours() async throws {
        try await TestPlatform.run { platform in
            try await platform.freezeClock(at: TestPlatform.offerTestNow)
            try await platform.patchConfig(["default_platform": "ios"])
            try await platform.createDriver("d1")
            try await platform.advance(hours: 24)
            let early = try await platform.subtypes("d1")
            XCTAssertFalse(early.contains("preemptive_alert"), "\(early)")
            try await platform.advance(hours: 24)
            let due = try await platform.subtypes("d1")
            XCTAssertEqual(due.filter { $0 == "preemptive_alert" }.count, 1, "\(due)")

            var packet = TestPlatform.healthyPacket()
            packet["timestamp"] = nil
            try await platform.iql(.post, "/iql/v1/testing/driver/d2/sdk_health", json: packet)
            let driver = try await platform.send(.get, "/_mock/iql/drivers/d2")
            let packets = try XCTUnwrap(try driver.json()["packets"] as? [[String: Any]])
            XCTAssertEqual(packets.first?["platform"] as? String, "ios", "a packet without platform takes default_platform")
        }
    }

    func testHeartbeatIntervalMovesTheSilentPushTimer() async throws {
        try await TestPlatform.run { platform in
            try await platform.freezeClock(at: TestPlatform.offerTestNow)
            try await platform.createDriver("d1", state: "NY", zipcode: nil)
            try await platform.iql(.post, "/iql/v1/testing/driver/d1/sdk_health", json: TestPlatform.healthyPacket())
            try await platform.assertTimer("iql_driver:d1", due: "2024-06-11T12:00:00.000Z")
            try await platform.patchConfig(["heartbeat_interval_hours": 1.5])
            try await platform.assertTimer("iql_driver:d1", due: "2024-06-10T13:30:00.000Z")
            try await platform.advance(hours: 1)
            let early = try await platform.events("silent_push_notification")
            XCTAssertEqual(early.count, 0)
            try await platform.advance(hours: 0.5)
            let fired = try await platform.events("silent_push_notification", driverID: "d1")
            XCTAssertEqual(fired.count, 1, "the timer fires by itself on the new interval")
            XCTAssertEqual(fired.first?["created_at"] as? String, "2024-06-10T13:30:00.000Z")
        }
    }

    func testDefaultTripLocationShowsInDriverTrips() async throws {
        try await TestPlatform.run { platform in
            try await platform.freezeClock(at: TestPlatform.tripNow)
            try await platform.patchConfig(["default_trip_location": ["latitude": 40.7128, "longitude": -74.006]])
            try await platform.addTrips("d1", ["date": "2024-06-09", "count": 1, "distance_miles_each": 3])
            try await platform.addTrips("d1", ["date": "2024-06-09", "trips": [
                ["distance_miles": 2, "duration_minutes": 10, "end_location": ["latitude": 1.5, "longitude": 2.5]],
            ]])
            let trips = try await platform.listedTrips("d1", query: "order_type=asc")
            XCTAssertEqual(trips.count, 2)
            let newYork: [String: Any] = ["latitude": 40.7128, "longitude": -74.006]
            XCTAssertEqual(canonicalJSON(trips[0]["start_location"] ?? 0), canonicalJSON(newYork))
            XCTAssertEqual(canonicalJSON(trips[0]["end_location"] ?? 0), canonicalJSON(newYork))
            XCTAssertEqual(canonicalJSON(trips[1]["start_location"] ?? 0), canonicalJSON(newYork))
            XCTAssertEqual(canonicalJSON(trips[1]["end_location"] ?? 0), canonicalJSON(["latitude": 1.5, "longitude": 2.5]))
        }
    }
}
