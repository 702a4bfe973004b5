import Foundation
@testable import MockIQL
@testable import MockPlatform
import XCTest

/// Engagement triggers (`docs/iql-engine.md` Engagement triggers; `openapi/iql.yaml` webhooks,
/// engagement) and the heartbeat gap (`docs/iql-engine.md` Engine rules; `openapi/iql.yaml`
/// webhooks, silent_push_notification) through the API.
final class EngagementTests: XCTestCase {
    func testSilentPushAfterHeartbeatGapRepeatsOncePerIntervalAndStopsOn410() async throws {
        try await TestPlatform.run { platform in
            try await platform.freezeClock(at: TestPlatform.offerTestNow)
            try await platform.createDriver("d1")
            try await platform.advance(hours: 48)
            let none = try await platform.events("silent_push_notification")
            XCTAssertEqual(none.count, 0, "no heartbeat yet")
            let health = try await platform.iql(.post, "/iql/v1/testing/driver/d1/sdk_health", json: TestPlatform.healthyPacket())
            XCTAssertEqual(health.status, .ok, health.text)
            try await platform.advance(hours: 23)
            let early = try await platform.events("silent_push_notification")
            XCTAssertEqual(early.count, 0)
            try await platform.advance(hours: 1)
            let first = try await platform.events("silent_push_notification", driverID: "d1")
            XCTAssertEqual(first.count, 1)
            let payload = try XCTUnwrap(first.first?["payload"] as? [String: Any])
            XCTAssertEqual(payload["time"] as? String, "2024-06-12 12:00:00.000")
            let info = try XCTUnwrap(payload["info"] as? [String: Any])
            XCTAssertEqual(info["publisher_app_name"] as? String, "mock_app-prod")
            XCTAssertEqual(info["driver_id"] as? String, "d1")
            XCTAssertEqual(Set(payload.keys), ["info", "time"])
            try await platform.advance(hours: 23)
            let stillOne = try await platform.events("silent_push_notification")
            XCTAssertEqual(stillOne.count, 1, "the interval restarts at the request")
            try await platform.advance(hours: 1)
            let second = try await platform.events("silent_push_notification")
            XCTAssertEqual(second.count, 2)
            XCTAssertEqual((second.last?["payload"] as? [String: Any])?["time"] as? String, "2024-06-12 12:00:00.000")

            let feedback = try await platform.iql(.post, "/iql/v1/silentpush/error/info", json: [
                "driver_id": "d1", "data": ["error_code": 410, "timestamp": 1_718_020_800_000],
            ])
            XCTAssertEqual(feedback.status, .ok, feedback.text)
            try await platform.advance(hours: 72)
            let paused = try await platform.events("silent_push_notification")
            XCTAssertEqual(paused.count, 2, "410 pauses silent push until the next heartbeat")
        }
    }

    func testClockJumpOfTenDaysFiresSilentPushOnce() async throws {
        try await TestPlatform.run { platform in
            try await platform.freezeClock(at: TestPlatform.offerTestNow)
            try await platform.createDriver("d1")
            try await platform.iql(.post, "/iql/v1/testing/driver/d1/sdk_health", json: TestPlatform.healthyPacket())
            try await platform.advance(hours: 240)
            try await platform.iql(.get, "/iql/v1/driver/d1/status")
            let events = try await platform.events("silent_push_notification")
            XCTAssertEqual(events.count, 1, "missed repetitions are not backfilled")
        }
    }

    func testPreemptiveAlertWithFullPayloadAfter24HoursOnAndroid() async throws {
        try await TestPlatform.run { platform in
            try await platform.freezeClock(at: TestPlatform.offerTestNow)
            try await platform.createDriver("d1")
            try await platform.advance(hours: 23)
            let early = try await platform.subtypes("d1")
            XCTAssertEqual(early, [])
            try await platform.advance(hours: 1)
            try await platform.iql(.get, "/iql/v1/driver/d1/status")
            let events = try await platform.events("engagement", driverID: "d1")
            XCTAssertEqual(events.count, 1)
            let event = try XCTUnwrap(events.first)
            let payload = try XCTUnwrap(event["payload"] as? [String: Any])
            XCTAssertEqual(payload["driver_id"] as? String, "d1")
            XCTAssertEqual(payload["type"] as? String, "milestone_based")
            XCTAssertEqual(payload["subtype"] as? String, "preemptive_alert")
            let eventID = try XCTUnwrap(payload["webhook_event_id"] as? String)
            let requestID = try XCTUnwrap(payload["request_id"] as? String)
            XCTAssertNotEqual(eventID, requestID)
            XCTAssertEqual(event["id"] as? String, eventID)
            let metadata = try XCTUnwrap(payload["metadata"] as? [String: Any])
            XCTAssertEqual(metadata["created_at_timestamp"] as? Int, 1_718_020_800_000 + 86_400_000)
            XCTAssertEqual(metadata["trips_count"] as? Int, 0)
            XCTAssertEqual(metadata["distance_miles"] as? Double, 0)
            XCTAssertEqual(metadata["unique_driving_days"] as? Int, 0)
            XCTAssertEqual(metadata["opt_in_days"] as? Int, 1)
            XCTAssertTrue(metadata["date_last_drive"] is NSNull)
            XCTAssertTrue(metadata["zendrive_score"] is NSNull)
            XCTAssertEqual(metadata["progress_percentage"] as? Double, 0)
            XCTAssertTrue(metadata["permission_status"] is NSNull)
            XCTAssertTrue(metadata["permission_error_details"] is NSNull)
            XCTAssertTrue(metadata["permission_timestamp"] is NSNull)
            XCTAssertEqual(metadata["message"] as? String, EngagementSettings().preemptiveAlert.message)
        }
    }

    func testPreemptiveAlertWaits48HoursOnIOSAndCarriesPermissions() async throws {
        try await TestPlatform.run { platform in
            try await platform.freezeClock(at: TestPlatform.offerTestNow)
            try await platform.createDriver("d1")
            var body = TestPlatform.healthyPacket()
            body["platform"] = "ios"
            body["location_permission"] = "while_in_use"
            try await platform.iql(.post, "/iql/v1/testing/driver/d1/sdk_health", json: body)
            try await platform.iql(.post, "/iql/v1/testing/driver/d1/mock_trips",
                                   json: ["date": "2024-06-09", "count": 1, "distance_miles_each": 3])
            try await platform.advance(hours: 24)
            let early = try await platform.subtypes("d1")
            XCTAssertFalse(early.contains("preemptive_alert"))
            try await platform.advance(hours: 24)
            let events = try await platform.events("engagement", driverID: "d1")
            let alert = try XCTUnwrap(events.first { ($0["payload"] as? [String: Any])?["subtype"] as? String == "preemptive_alert" })
            let metadata = try XCTUnwrap((alert["payload"] as? [String: Any])?["metadata"] as? [String: Any])
            XCTAssertEqual(metadata["trips_count"] as? Int, 1)
            XCTAssertEqual(metadata["distance_miles"] as? Double, 3)
            XCTAssertEqual(metadata["date_last_drive"] as? String, "2024-06-09")
            // mean(1/5, 1/3, 3/12) = 0.2611…
            XCTAssertEqual(metadata["progress_percentage"] as? Double, 26.11)
            XCTAssertEqual(metadata["permission_status"] as? String, "disabled")
            XCTAssertEqual(metadata["permission_timestamp"] as? Int, 1_718_020_800_000)
            let details = try XCTUnwrap(metadata["permission_error_details"] as? [String: Any])
            XCTAssertEqual(details["location_permission"] as? String, "Allow While Using App")
            XCTAssertEqual(details["activity_permission"] as? String, "Always Allow")
        }
    }

    func testInactivityOncePerStreakRearmedByATrip() async throws {
        try await TestPlatform.run { platform in
            try await platform.freezeClock(at: TestPlatform.offerTestNow)
            try await platform.createDriver("d1")
            try await platform.advance(hours: 71)
            let early = try await platform.subtypes("d1")
            XCTAssertFalse(early.contains("inactivity"))
            try await platform.advance(hours: 1)
            try await platform.advance(hours: 24)
            let once = try await platform.subtypes("d1").filter { $0 == "inactivity" }
            XCTAssertEqual(once.count, 1)
            try await platform.iql(.post, "/iql/v1/testing/driver/d1/mock_trips",
                                   json: ["date": "2024-06-14", "count": 1, "distance_miles_each": 3])
            try await platform.advance(hours: 96)
            let twice = try await platform.subtypes("d1").filter { $0 == "inactivity" }
            XCTAssertEqual(twice.count, 2, "a trip starts a new streak")
        }
    }

    func testNoClickOnDays137EvenAfterQualification() async throws {
        try await TestPlatform.run { platform in
            try await platform.freezeClock(at: TestPlatform.offerTestNow)
            try await platform.driveToQualification("d1")
            try await platform.driveToQualification("d2")
            _ = try await platform.send(.get, try await platform.clickURL(for: "d2"))
            func noClicks(_ driverID: String) async throws -> Int {
                try await platform.subtypes(driverID).filter { $0 == "no_click" }.count
            }
            try await platform.advance(hours: 23)
            let none = try await noClicks("d1")
            XCTAssertEqual(none, 0)
            try await platform.advance(hours: 1)
            let day1 = try await noClicks("d1")
            XCTAssertEqual(day1, 1)
            try await platform.advance(hours: 24)
            let day2 = try await noClicks("d1")
            XCTAssertEqual(day2, 1)
            try await platform.advance(hours: 24)
            let day3 = try await noClicks("d1")
            XCTAssertEqual(day3, 2)
            try await platform.advance(hours: 24 * 10)
            let day13 = try await noClicks("d1")
            XCTAssertEqual(day13, 3)
            let clicked = try await noClicks("d2")
            XCTAssertEqual(clicked, 0, "a clicked offer gets no no_click")
            let all = try await platform.events("engagement", driverID: "d1")
            let event = try XCTUnwrap(all.first { ($0["payload"] as? [String: Any])?["subtype"] as? String == "no_click" })
            XCTAssertEqual((event["payload"] as? [String: Any])?["type"] as? String, "activity_based")
        }
    }

    func testOptInDaysAtSevenDaysInFixedOrder() async throws {
        try await TestPlatform.run { platform in
            try await platform.freezeClock(at: TestPlatform.offerTestNow)
            try await platform.createDriver("d1")
            let reply = try await platform.iql(.post, "/iql/v1/testing/driver/d1/opt_in_days", json: ["days": 6])
            XCTAssertEqual(reply.status, .ok, reply.text)
            let before = try await platform.subtypes("d1")
            XCTAssertEqual(before, ["preemptive_alert", "inactivity"])
            try await platform.iql(.post, "/iql/v1/testing/driver/d1/opt_in_days", json: ["days": 7])
            try await platform.iql(.post, "/iql/v1/testing/driver/d1/opt_in_days", json: ["days": 8])
            let events = try await platform.events("engagement", driverID: "d1")
            let optIn = events.filter { ($0["payload"] as? [String: Any])?["subtype"] as? String == "opt_in_days" }
            XCTAssertEqual(optIn.count, 1)
            let metadata = (optIn.first?["payload"] as? [String: Any])?["metadata"] as? [String: Any]
            XCTAssertEqual(metadata?["opt_in_days"] as? Int, 7)
        }
    }

    func testPermissionIssueDailyAtMostThreeTimesPerUnhealthyStreak() async throws {
        try await TestPlatform.run { platform in
            try await platform.freezeClock(at: TestPlatform.offerTestNow)
            try await platform.createDriver("d1")
            var denied = TestPlatform.healthyPacket()
            denied["activity_permission"] = "denied"
            func issues() async throws -> Int {
                try await platform.subtypes("d1").filter { $0 == "permission_issue" }.count
            }
            for _ in 0..<5 {
                try await platform.iql(.post, "/iql/v1/testing/driver/d1/sdk_health", json: denied)
                try await platform.advance(hours: 12)
                try await platform.iql(.post, "/iql/v1/testing/driver/d1/sdk_health", json: denied)
                try await platform.advance(hours: 12)
            }
            let capped = try await issues()
            XCTAssertEqual(capped, 3, "once a day, at most number_of_times per streak")
            try await platform.iql(.post, "/iql/v1/testing/driver/d1/sdk_health", json: TestPlatform.healthyPacket())
            try await platform.advance(hours: 1)
            try await platform.iql(.post, "/iql/v1/testing/driver/d1/sdk_health", json: denied)
            let reset = try await issues()
            XCTAssertEqual(reset, 4, "a healthy packet resets the count")
            let events = try await platform.events("engagement", driverID: "d1")
            let metadata = (events.first { ($0["payload"] as? [String: Any])?["subtype"] as? String == "permission_issue" }?["payload"]
                as? [String: Any])?["metadata"] as? [String: Any]
            XCTAssertEqual(metadata?["permission_status"] as? String, "disabled")
            XCTAssertEqual((metadata?["permission_error_details"] as? [String: Any])?["activity_permission"] as? String, "Don't Allow")
        }
    }

    func testLocationServicesOffIsAPermissionIssueTheWebhookNames() async throws {
        try await TestPlatform.run { platform in
            try await platform.freezeClock(at: TestPlatform.offerTestNow)
            try await platform.createDriver("d1")
            var off = TestPlatform.healthyPacket()
            off["location_services"] = false
            let reply = try await platform.iql(.post, "/iql/v1/testing/driver/d1/sdk_health", json: off)
            XCTAssertEqual(try reply.json()["healthy"] as? Bool, false, "every permission granted, but the location setting is off")
            let events = try await platform.events("engagement", driverID: "d1")
            let issue = events.first { ($0["payload"] as? [String: Any])?["subtype"] as? String == "permission_issue" }
            let metadata = try XCTUnwrap((issue?["payload"] as? [String: Any])?["metadata"] as? [String: Any])
            XCTAssertEqual(metadata["permission_status"] as? String, "disabled")
            XCTAssertEqual(metadata["permission_error_details"] as? [String: String], [
                "location_permission": "Always Allow", "activity_permission": "Always Allow", "location_services": "Off",
            ])

            try await platform.iql(.post, "/iql/v1/testing/driver/d2/sdk_health", json: TestPlatform.healthyPacket())
            let driver = try await platform.send(.get, "/_mock/iql/drivers/d2").json()
            XCTAssertEqual((driver["packets"] as? [[String: Any]])?.first?["location_services"] as? Bool, true, "on unless the packet says")
            let bad = try await platform.iql(.post, "/iql/v1/testing/driver/d1/sdk_health", json: TestPlatform.healthyPacket().merging(["location_services": "off"]) { $1 })
            XCTAssertEqual(bad.iqlError, "location_services must be a boolean")
        }
    }

    func testLostUserEngagementOnceAfterThreeUnhealthyDays() async throws {
        try await TestPlatform.run { platform in
            try await platform.freezeClock(at: TestPlatform.offerTestNow)
            try await platform.createDriver("d1")
            var denied = TestPlatform.healthyPacket()
            denied["location_permission"] = "denied"
            try await platform.iql(.post, "/iql/v1/testing/driver/d1/sdk_health", json: denied)
            try await platform.advance(hours: 71)
            let early = try await platform.subtypes("d1")
            XCTAssertFalse(early.contains("lost_user_engagement"))
            try await platform.advance(hours: 1)
            try await platform.advance(hours: 48)
            let lost = try await platform.subtypes("d1").filter { $0 == "lost_user_engagement" }
            XCTAssertEqual(lost.count, 1)
        }
    }

    /// `trip-1`: the rule itself.
    func testTripOneOnceAtTheFirstValidTrip() throws {
        let now = Date(timeIntervalSince1970: 1_718_020_800)
        var driver = Driver(id: "d1", optedInAt: now)
        driver.state = "AZ"
        let campaign = try XCTUnwrap(TestFixtures.shared.campaigns.first)
        let rules = EngagementRules(covering: [campaign], settings: EngagementSettings(), defaultPlatform: .android, now: now)
        var ids = IDGenerator(seed: 1)
        XCTAssertEqual(rules.firstTrip(&driver, ids: &ids).count, 0)
        driver.trips.append(Trip(start: now, end: now, distanceMiles: 3, highwayDistanceMiles: 0, score: 80,
                                 eventRatings: EventRatings(derivedFromScore: 80), startLocation: IQLSettings().defaultTripLocation,
                                 endLocation: IQLSettings().defaultTripLocation))
        let events = rules.firstTrip(&driver, ids: &ids)
        XCTAssertEqual(events.count, 1)
        guard case .object(let payload) = events.first?.payload else { return XCTFail("no payload") }
        XCTAssertEqual(payload["subtype"], .string("trip-1"))
        XCTAssertEqual(payload["type"], .string("milestone_based"))
        XCTAssertEqual(rules.firstTrip(&driver, ids: &ids).count, 0, "once")
    }
}

extension TestPlatform {
    static func healthyPacket() -> [String: Any] {
        ["location_permission": "always", "activity_permission": "granted", "precise_location": true, "notifications": true]
    }

    func advance(hours: Double, file: StaticString = #filePath, line: UInt = #line) async throws {
        let reply = try await send(.post, "/_mock/clock", json: ["advance_seconds": hours * 3600])
        XCTAssertEqual(reply.status, .ok, reply.text, file: file, line: line)
    }

    func subtypes(_ driverID: String) async throws -> [String] {
        try await events("engagement", driverID: driverID).compactMap {
            ($0["payload"] as? [String: Any])?["subtype"] as? String
        }
    }
}
