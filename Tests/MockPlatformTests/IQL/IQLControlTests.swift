import Foundation
@testable import MockPlatform
import XCTest

/// `/_mock/events` and `/_mock/iql/drivers/{driver_id}` (`openapi/control.yaml` listEvents,
/// getIQLDriver).
final class IQLControlTests: XCTestCase {
    func testEventFiltersAndDriverView() async throws {
        try await TestPlatform.run { platform in
            try await platform.freezeClock(at: TestPlatform.offerTestNow)
            try await platform.driveToQualification("d1")
            try await platform.driveToQualification("d2")

            let all = try await platform.send(.get, "/_mock/events")
            XCTAssertEqual((try all.json()["events"] as? [[String: Any]])?.compactMap { $0["driver_id"] as? String }, ["d1", "d1", "d2", "d2"],
                           "trip-1 engagement then qualification for each driver, oldest first")
            let later = try await platform.send(.get, "/_mock/events?since=2024-06-10T12:00:00.001Z")
            XCTAssertEqual((try later.json()["events"] as? [Any])?.count, 0)
            let badType = try await platform.send(.get, "/_mock/events?type=bogus")
            XCTAssertEqual(badType.status, .badRequest)
            XCTAssertEqual(try badType.json()["detail"] as? String, "type must be an event kind")
            let badSince = try await platform.send(.get, "/_mock/events?since=yesterday")
            XCTAssertEqual(try badSince.json()["detail"] as? String, #"query parameter since must be an RFC 3339 date-time, got "yesterday""#)

            let driver = try await platform.send(.get, "/_mock/iql/drivers/d1")
            XCTAssertEqual(driver.status, .ok)
            let body = try driver.json()
            XCTAssertEqual((body["info"] as? [String: Any])?["state"] as? String, "AZ")
            XCTAssertTrue((body["info"] as? [String: Any])?["zipcode"] is String)
            XCTAssertEqual((body["trips"] as? [Any])?.count, 5)
            let offer = try XCTUnwrap((body["offers"] as? [[String: Any]])?.first)
            XCTAssertEqual(offer["offer_id"] as? String, "ad_default_001")
            XCTAssertEqual(offer["active"] as? Bool, true)
            XCTAssertEqual(offer["expires_at"] as? String, "2024-07-10T12:00:00.000Z")
            XCTAssertEqual((body["events"] as? [[String: Any]])?.map { $0["type"] as? String }, ["engagement", "qualification"])
            XCTAssertEqual(((body["events"] as? [[String: Any]])?.first?["payload"] as? [String: Any])?["subtype"] as? String, "trip-1")

            XCTAssertTrue(body["last_heartbeat_at"] is NSNull, "null before any heartbeat")
            try await platform.iql(.post, "/iql/v1/testing/driver/d1/sdk_health", json: [
                "location_permission": "denied", "activity_permission": "granted", "precise_location": true, "notifications": true,
            ])
            try await platform.iql(.post, "/iql/v1/silentpush/error/info", json: [
                "driver_id": "d1", "data": ["error_code": 410, "timestamp": 1_718_020_800_000],
            ])
            let health = try await platform.send(.get, "/_mock/iql/drivers/d1").json()
            XCTAssertEqual((health["packets"] as? [[String: Any]])?.first?["healthy"] as? Bool, false)
            XCTAssertEqual(health["last_heartbeat_at"] as? String, "2024-06-10T12:00:00.000Z")
            XCTAssertEqual((health["push_feedback"] as? [[String: Any]])?.first?["error_code"] as? Int, 410)
            XCTAssertEqual(health["silent_push_paused"] as? Bool, true)

            let missing = try await platform.send(.get, "/_mock/iql/drivers/nobody")
            XCTAssertEqual(missing.status, .notFound)
            XCTAssertEqual(try missing.json()["detail"] as? String, "invalid driver id")
        }
    }

    func testEventsAreSeparatePerTenantAndResetClearsThem() async throws {
        try await TestPlatform.run { platform in
            try await platform.freezeClock(at: TestPlatform.offerTestNow)
            try await platform.driveToQualification("d1")
            let other = try await platform.send(.get, "/t/ci-1/_mock/events")
            XCTAssertEqual((try other.json()["events"] as? [Any])?.count, 0)
            try await platform.send(.post, "/_mock/reset")
            let cleared = try await platform.send(.get, "/_mock/events")
            XCTAssertEqual((try cleared.json()["events"] as? [Any])?.count, 0)
        }
    }
}
