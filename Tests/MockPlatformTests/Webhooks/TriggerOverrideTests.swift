import Foundation
@testable import MockPlatform
import XCTest

/// `POST /_mock/webhooks/trigger` reports the `overrides` whose path the built payload did not
/// have (`openapi/control.yaml` TriggerResult `unmatched_overrides`), and still applies them.
final class TriggerOverrideTests: XCTestCase {
    func testOverridesThePayloadDoesNotHaveAreReportedWithTheClosestPathAndStillApplied() async throws {
        try await TestPlatform.run { platform in
            let reply = try await platform.send(.post, "/_mock/webhooks/trigger", json: [
                "event": "offer_click", "driver_id": "d1",
                "overrides": ["metadata.offer_id": "ad_other", "metadata.ofer_id": "typo", "offer_type": "home", "zzz": 1],
            ])
            XCTAssertEqual(reply.status, .accepted, reply.text)
            let unmatched = try XCTUnwrap(try reply.json()["unmatched_overrides"] as? [[String: Any]])
            XCTAssertEqual(unmatched.map { $0["path"] as? String }, ["metadata.ofer_id", "offer_type", "zzz"])
            XCTAssertEqual(unmatched[0]["closest"] as? String, "metadata.offer_id", "the nearest path")
            XCTAssertEqual(unmatched[1]["closest"] as? String, "metadata.offer_type", "a path ending in the same member")
            XCTAssertNil(unmatched[2]["closest"], "nothing near")

            let stream = try await platform.send(.get, "/_mock/events?type=offer_click")
            let events = try XCTUnwrap(try stream.json()["events"] as? [[String: Any]])
            let payload = try XCTUnwrap(events.last?["payload"] as? [String: Any])
            let metadata = try XCTUnwrap(payload["metadata"] as? [String: Any])
            XCTAssertEqual(metadata["offer_id"] as? String, "ad_other")
            XCTAssertEqual(metadata["ofer_id"] as? String, "typo", "an unmatched override is applied all the same")
            XCTAssertEqual(payload["zzz"] as? Int, 1)

            let matched = try await platform.send(.post, "/_mock/webhooks/trigger", json: [
                "event": "engagement", "driver_id": "d1", "overrides": ["metadata.message": "Hi", "subtype": "driving_engagement"],
            ])
            XCTAssertEqual((try matched.json()["unmatched_overrides"] as? [Any])?.count, 0, matched.text)
            let none = try await platform.send(.post, "/_mock/webhooks/trigger", json: ["event": "engagement", "driver_id": "d1"])
            XCTAssertEqual((try none.json()["unmatched_overrides"] as? [Any])?.count, 0, none.text)
        }
    }

    func testTriggerOverridesAreBoundedInKeysAndSegments() async throws {
        try await TestPlatform.run { platform in
            let sixteen = Array(repeating: "k", count: 16).joined(separator: ".")
            var overrides: [String: Any] = [sixteen: 1]
            for index in 1..<64 { overrides["extra\(index)"] = index }
            let accepted = try await platform.send(
                .post, "/_mock/webhooks/trigger", json: ["event": "engagement", "driver_id": "d1", "overrides": overrides]
            )
            XCTAssertEqual(accepted.status, .accepted, accepted.text)
            let events = try await platform.send(.get, "/_mock/events").json()["events"] as? [Any]
            XCTAssertEqual(events?.count, 1)

            overrides["extra64"] = 64
            try await platform.send(.post, "/_mock/webhooks/trigger", json: ["event": "engagement", "driver_id": "d1", "overrides": overrides])
                .assertProblem(.badRequest, "overrides must have at most 64 keys")
            try await platform.send(
                .post, "/_mock/webhooks/trigger", json: ["event": "engagement", "driver_id": "d1", "overrides": [sixteen + ".k": 1]]
            ).assertProblem(.badRequest, "overrides keys must have at most 16 dotted segments")
            let after = try await platform.send(.get, "/_mock/events").json()["events"] as? [Any]
            XCTAssertEqual(after?.count, 1, "no event for a refused trigger")
            let counted = Int(try await LimitMetrics.rejections("trigger_overrides", platform))
            XCTAssertEqual(counted, 2)
            let state = try await platform.send(.get, "/_mock/state")
            XCTAssertEqual(state.status, .ok, "the state still exports")
        }
    }
}
