import Foundation
@testable import MockPlatform
import XCTest

/// The qualification engine through the API (`docs/iql-engine.md` Engine rules): qualify,
/// disqualify, expire.
final class QualificationTests: XCTestCase {
    func testQualifyingDriverGetsOneOfferAndOneQualificationEvent() async throws {
        try await TestPlatform.run { platform in
            try await platform.freezeClock(at: TestPlatform.offerTestNow)
            try await platform.driveToQualification("d1")
            let status = try await platform.iql(.get, "/iql/v1/driver/d1/status")
            XCTAssertEqual((try status.json()["metrics"] as? [String: Any])?["offer_available"] as? Bool, true)
            try await platform.iql(.get, "/iql/v1/driver/d1/status")

            let events = try await platform.events("qualification", driverID: "d1")
            XCTAssertEqual(events.count, 1, "one qualification per (driver, campaign), however often it is read")
            let payload = try XCTUnwrap(events.first?["payload"] as? [String: Any])
            let info = try XCTUnwrap(payload["info"] as? [String: Any])
            let metadata = try XCTUnwrap(payload["metadata"] as? [String: Any])
            XCTAssertEqual(info["driver_id"] as? String, "d1")
            XCTAssertEqual(info["publisher_app_name"] as? String, "mock_app-prod")
            XCTAssertEqual(info["webhook_created_at_timestamp"] as? Int, 1_718_020_800_000)
            XCTAssertEqual(metadata["offer_id"] as? String, "ad_default_001")
            XCTAssertEqual(metadata["offer_type"] as? String, "auto_insurance")
            XCTAssertEqual(metadata["offer_subtype"] as? String, "telematics")
            XCTAssertEqual(metadata["advertiser_name"] as? String, "test-insurer")
            XCTAssertEqual(metadata["offer_discount_percentage"] as? Int, 40)
            XCTAssertEqual(metadata["offer_expiry_timestamp"] as? Int, 1_718_020_800_000 + 30 * 86_400_000)
        }
    }

    func testDriverInAStateOutsideTheCampaignNeverQualifies() async throws {
        try await TestPlatform.run { platform in
            try await platform.freezeClock(at: TestPlatform.offerTestNow)
            try await platform.driveToQualification("d-ca", state: "CA", zipcode: "94103")
            let unit = try await platform.iql(.get, "/iql/v2/ad_unit/d-ca")
            XCTAssertEqual(unit.text, "{}")
            try await platform.send(.post, "/_mock/clock", json: ["advance_seconds": 40 * 86_400])
            let count1 = try await platform.events("qualification").count
            XCTAssertEqual(count1, 0)
            let count2 = try await platform.events("disqualification_status").count
            XCTAssertEqual(count2, 0,
                           "no campaign covers CA, so there is no test drive to fail")
        }
    }

    func testExcludedInsurerNeverQualifies() async throws {
        try await TestPlatform.run { platform in
            try await platform.freezeClock(at: TestPlatform.offerTestNow)
            try await platform.driveToQualification("d1", insurer: " TEST-insurer ")
            let unit = try await platform.iql(.get, "/iql/v2/ad_unit/d1")
            XCTAssertEqual(unit.text, "{}")
        }
    }

    func testTestDriveThatRunsOutEmitsExactlyOneDisqualification() async throws {
        try await TestPlatform.run { platform in
            try await platform.freezeClock(at: TestPlatform.offerTestNow)
            try await platform.iql(.put, "/iql/v1/driver/d1/info", json: ["country": "USA", "state": "AZ"])
            try await platform.iql(.post, "/iql/v1/testing/driver/d1/mock_trips",
                                   json: ["date": "2024-06-09", "count": 1, "distance_miles_each": 3])
            try await platform.send(.post, "/_mock/clock", json: ["advance_seconds": 29 * 86_400])
            let count3 = try await platform.events("disqualification_status").count
            XCTAssertEqual(count3, 0, "day 29: still in test drive")
            try await platform.send(.post, "/_mock/clock", json: ["advance_seconds": 86_400])
            try await platform.send(.post, "/_mock/clock", json: ["advance_seconds": 86_400])
            try await platform.iql(.get, "/iql/v1/driver/d1/status")

            let events = try await platform.events("disqualification_status")
            XCTAssertEqual(events.count, 1)
            let payload = try XCTUnwrap(events.first?["payload"] as? [String: Any])
            XCTAssertEqual(payload["driver_id"] as? String, "d1")
            XCTAssertEqual(payload["publisher_app_id"] as? String, "mock_app")
            XCTAssertEqual(payload["test_drive_completed"] as? Bool, false)
            XCTAssertEqual(payload["qualification_failure_reason"] as? String, "Test drive not completed")
            XCTAssertEqual(payload["timestamp"] as? Int, 1_718_020_800 + 30 * 86_400, "epoch seconds, as documented")

            try await platform.driveToQualification("d1")
            let count4 = try await platform.events("qualification").count
            XCTAssertEqual(count4, 0, "no qualification after the test drive ended")
        }
    }

    func testOfferStopsBeingServedAtExpiry() async throws {
        try await TestPlatform.run { platform in
            try await platform.freezeClock(at: TestPlatform.offerTestNow)
            try await platform.driveToQualification("d1")
            try await platform.send(.post, "/_mock/clock", json: ["advance_seconds": 30 * 86_400 - 1])
            let before = try await platform.iql(.get, "/iql/v2/ad_unit/d1")
            XCTAssertNotNil(try before.json()["ad_unit"])
            try await platform.send(.post, "/_mock/clock", json: ["advance_seconds": 1])
            let after = try await platform.iql(.get, "/iql/v2/ad_unit/d1")
            XCTAssertEqual(after.text, "{}")
            let status = try await platform.iql(.get, "/iql/v1/driver/d1/status")
            XCTAssertEqual((try status.json()["metrics"] as? [String: Any])?["offer_available"] as? Bool, false)
        }
    }
}
