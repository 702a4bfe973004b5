import Foundation
@testable import MockPlatform
import XCTest

/// `POST /iql/v1/silentpush/error/info` (`openapi/iql.yaml` postSilentPushErrorFeedback).
final class SilentPushFeedbackTests: XCTestCase {
    private static let path = "/iql/v1/silentpush/error/info"

    private static func report(_ code: Int, driver: String = "d1", reason: String? = "Unregistered") -> [String: Any] {
        var data: [String: Any] = ["error_code": code, "timestamp": 1_718_000_000_000]
        data["reason"] = reason
        return ["driver_id": driver, "data": data]
    }

    func testFeedbackIsStoredAndA410PausesSilentPushUntilAHeartbeat() async throws {
        try await TestPlatform.run(fixtures: TestFixtures.shared) { platform in
            let registry = platform.tenants
            try await platform.freezeClock(at: TestPlatform.tripNow)
            try await platform.createDriver("d1")
            let reply = try await platform.iql(.post, Self.path, json: Self.report(410))
            XCTAssertEqual(reply.status, .ok, reply.text)
            XCTAssertEqual(reply.headers[.contentType], "application/json; charset=utf-8")
            XCTAssertEqual(try reply.json() as? [String: String], ["success": "true"])
            var stored = try await registry.storedDriver("d1")
            let feedback = try XCTUnwrap(stored?.pushFeedback.first)
            XCTAssertEqual(stored?.pushFeedback.count, 1)
            XCTAssertEqual(feedback.errorCode, 410)
            XCTAssertEqual(feedback.reason, "Unregistered")
            XCTAssertEqual(feedback.timestamp, 1_718_000_000_000)
            XCTAssertEqual(feedback.receivedAt, TripFactory.instant(TestPlatform.tripNow))
            XCTAssertEqual(stored?.silentPushPaused, true)

            let heartbeat = try await platform.iql(.post, "/iql/v1/testing/driver/d1/sdk_health", json: [
                "location_permission": "denied", "activity_permission": "denied", "precise_location": false, "notifications": false,
            ])
            XCTAssertEqual(heartbeat.status, .ok, heartbeat.text)
            stored = try await registry.storedDriver("d1")
            XCTAssertEqual(stored?.silentPushPaused, false, "any heartbeat ends the pause")

            for body in [Self.report(410, reason: nil), Self.report(500)] {
                let accepted = try await platform.iql(.post, Self.path, json: body)
                XCTAssertEqual(accepted.status, .ok, accepted.text)
            }
            stored = try await registry.storedDriver("d1")
            XCTAssertEqual(stored?.pushFeedback.map(\.errorCode), [410, 410, 500])
            XCTAssertEqual(stored?.pushFeedback[1].reason, nil)
            XCTAssertEqual(stored?.silentPushPaused, false, "only the latest error code counts")
        }
    }

    func testRulesInOrder() async throws {
        try await TestPlatform.run { platform in
            try await platform.freezeClock(at: TestPlatform.tripNow)
            try await platform.createDriver("d1")
            let data: [String: Any] = ["error_code": 410, "timestamp": 1]
            func with(_ change: [String: Any]) -> [String: Any] { data.merging(change) { $1 } }
            let cases: [([String: Any], String)] = [
                ([:], "driver_id is required"),
                (["driver_id": NSNull(), "data": data], "driver_id is required"),
                (["driver_id": 7, "data": data], "driver_id must be a string"),
                (["driver_id": "nobody", "data": data], "invalid driver id"),
                (["driver_id": "nobody"], "invalid driver id"),
                (["driver_id": "", "data": "x"], "invalid driver id"),
                (["driver_id": "d1"], "data is required"),
                (["driver_id": "d1", "data": "x"], "data must be an object"),
                (["driver_id": "d1", "data": [data]], "data must be an object"),
                (["driver_id": "d1", "data": [:] as [String: Any]], "data.error_code is required"),
                (["driver_id": "d1", "data": with(["error_code": "410"])], "data.error_code must be an integer"),
                (["driver_id": "d1", "data": with(["error_code": 410.5, "timestamp": "x"])], "data.error_code must be an integer"),
                (["driver_id": "d1", "data": with(["reason": 5])], "data.reason must be a string"),
                (["driver_id": "d1", "data": ["error_code": 410]], "data.timestamp is required"),
                (["driver_id": "d1", "data": with(["timestamp": NSNull()])], "data.timestamp is required"),
                (["driver_id": "d1", "data": with(["timestamp": "1718000000000"])], "data.timestamp must be an integer"),
            ]
            for (body, message) in cases {
                assertIQLError(try await platform.iql(.post, Self.path, json: body), .badRequest, message)
            }
            // An unknown driver is not created.
            assertIQLError(try await platform.iql(.get, "/iql/v1/driver/nobody/info"), .notFound, "invalid driver id")
        }
    }

    func testRefusedFeedbackStoresNothing() async throws {
        try await TestPlatform.run(fixtures: TestFixtures.shared) { platform in
            let registry = platform.tenants
            try await platform.freezeClock(at: TestPlatform.tripNow)
            try await platform.createDriver("d1")
            assertIQLError(
                try await platform.iql(.post, Self.path, json: ["driver_id": "d1", "data": ["error_code": 410]]), .badRequest,
                "data.timestamp is required"
            )
            let stored = try await registry.storedDriver("d1")
            XCTAssertEqual(stored?.pushFeedback, [])
            XCTAssertEqual(stored?.silentPushPaused, false)
        }
    }
}
