import Foundation
@testable import MockIQL
@testable import MockPlatform
@testable import MockPlatformRuntime
import XCTest

/// The push outbox (`openapi/control.yaml` tag pushes): IQL pushes made from events, filters,
/// export rules, clearing, reset and state export.
final class PushOutboxTests: XCTestCase {
    private static func register(_ platform: TestPlatform, _ driver: String, _ token: String, _ os: String, bundle: String? = nil) async throws {
        var body = ["token": token, "platform": os]
        body["bundle_id"] = bundle
        let reply = try await platform.send(.post, "/publisher/v1/drivers/\(driver)/device_token", json: body)
        XCTAssertEqual(reply.status, .ok, reply.text)
    }

    private static func pushes(_ platform: TestPlatform, _ query: String = "") async throws -> [[String: Any]] {
        try await platform.send(.get, "/_mock/pushes\(query)").json()["pushes"] as? [[String: Any]] ?? []
    }

    func testMissingHeartbeatMakesASilentHeartbeatPushPerDevice() async throws {
        try await TestPlatform.run { platform in
            try await Self.register(platform, "d1", SampleTokens.apns, "ios")
            try await Self.register(platform, "d1", SampleTokens.fcm, "android")
            let triggered = try await platform.send(.post, "/_mock/webhooks/trigger", json: ["event": "silent_push_notification", "driver_id": "d1"])
            XCTAssertEqual(triggered.status, .accepted)
            let entries = try await Self.pushes(platform, "?kind=iql_heartbeat")
            XCTAssertEqual(entries.count, 2)
            let ios = try XCTUnwrap(entries.first?["payload"] as? [String: Any])
            XCTAssertEqual(ios["aps"] as? [String: Int], ["content-available": 1])
            XCTAssertEqual(ios["type"] as? String, "heartbeat")
            XCTAssertEqual(ios["data"] as? [String: String], ["type": "heartbeat"])
            XCTAssertEqual(entries.last?["payload"] as? [String: [String: String]], ["data": ["type": "heartbeat"]])
            let other = try await platform.send(.post, "/_mock/webhooks/trigger", json: ["event": "engagement", "driver_id": "d1"])
            XCTAssertEqual(other.status, .accepted)
            let all = try await Self.pushes(platform)
            XCTAssertEqual(all.count, 2, "other events push nothing")
        }
    }

    func testQualificationMessageComesFromTheTenantConfig() async throws {
        try await TestPlatform.run { platform in
            try await Self.register(platform, "d1", SampleTokens.fcm, "android")
            try await platform.send(.patch, "/_mock/config", json: ["qualification_push_message": "You're in!"])
            try await platform.send(.post, "/_mock/webhooks/trigger", json: ["event": "qualification", "driver_id": "d1"])
            let entries = try await Self.pushes(platform, "?kind=iql_qualification&driver_id=d1")
            XCTAssertEqual(entries.first?["payload"] as? [String: [String: String]],
                           ["data": ["qualification_status": "qualified", "msg": "You're in!"]])
        }
    }

    /// A fixture whose only campaign is non-telematics (`drive`).
    private static let driveOfferOnly: Fixtures = {
        var fixtures = TestFixtures.shared
        fixtures.campaigns[0].offerSubtype = "drive"
        fixtures.campaigns[0].offerType = "non_auto_insurance"
        return fixtures
    }()

    func testANonTelematicsQualificationPushesLikeAnyOther() async throws {
        try await TestPlatform.run(fixtures: Self.driveOfferOnly) { platform in
            try await Self.register(platform, "d1", SampleTokens.apns, "ios")
            try await platform.freezeClock(at: TestPlatform.offerTestNow)
            try await platform.driveToQualification("d1")
            let nonTelematics = try await platform.events("non_telematics_qualification")
            let telematics = try await platform.events("qualification")
            XCTAssertEqual(nonTelematics.count, 1)
            XCTAssertEqual(telematics.count, 0)
            let engine = try await Self.pushes(platform, "?kind=iql_qualification&driver_id=d1")
            XCTAssertEqual(engine.count, 1, "the engine's non-telematics qualification")
            let payload = try XCTUnwrap(engine.first?["payload"] as? [String: Any])
            XCTAssertEqual(payload["qualification_status"] as? String, "qualified")

            try await Self.register(platform, "d2", SampleTokens.fcm, "android")
            let triggered = try await platform.send(.post, "/_mock/webhooks/trigger", json: ["event": "non_telematics_qualification", "driver_id": "d2"])
            XCTAssertEqual(triggered.status, .accepted)
            let pushed = try await Self.pushes(platform, "?kind=iql_qualification&driver_id=d2")
            XCTAssertEqual((pushed.first?["payload"] as? [String: [String: String]])?["data"]?["qualification_status"], "qualified",
                           "a triggered non-telematics qualification pushes too")
        }
    }

    func testExportRules() async throws {
        try await TestPlatform.run { platform in
            try await Self.register(platform, "d1", SampleTokens.fcm, "android")
            var big = try CampaignSamples.payload("simple_push")
            big["aps"] = ["alert": ["title": "Big", "body": String(repeating: "x", count: 5000)]]
            let bigID = try await CampaignAuthoringTests.createID(platform, payload: big)
            let sent = try await platform.send(.post, "/_mock/campaigns/\(bigID)/send", json: [
                "device_tokens": [SampleTokens.apns], "driver_ids": ["d1"],
            ])
            let ids = try XCTUnwrap(try sent.json()["outbox_ids"] as? [String])
            XCTAssertEqual(ids.count, 2)

            let noBundle = try await platform.send(.get, "/_mock/pushes/\(ids[0])/export")
            XCTAssertEqual(noBundle.status, .conflict, "no bundle id anywhere")
            XCTAssertEqual(
                try noBundle.json()["detail"] as? String,
                "no bundle id for this push: its token had none when it was made; set ios_bundle_id in /_mock/config, or name the bundle to simctl push"
            )
            try await platform.send(.patch, "/_mock/config", json: ["ios_bundle_id": "com.example.app"])
            let tooBig = try await platform.send(.get, "/_mock/pushes/\(ids[0])/export")
            XCTAssertEqual(tooBig.status, .unprocessableContent)
            let kept = try await platform.send(.get, "/_mock/pushes/\(ids[0])")
            XCTAssertEqual(kept.status, .ok, "the entry stays")

            let android = try await platform.send(.get, "/_mock/pushes/\(ids[1])/export")
            XCTAssertEqual(android.status, .ok)
            XCTAssertEqual(android.headers[.contentDisposition], "attachment; filename=\"\(ids[1]).json\"")
            let message = try XCTUnwrap(try android.json()["message"] as? [String: Any])
            XCTAssertEqual(message["token"] as? String, SampleTokens.fcm)
            XCTAssertNotNil(message["data"] as? [String: String])
            let missing = try await platform.send(.get, "/_mock/pushes/nope/export")
            XCTAssertEqual(missing.status, .notFound)
        }
    }

    /// An iOS push exports for the bundle it was addressed to, its `apns-topic`, though the
    /// token is registered again with another bundle id afterwards.
    func testExportTakesTheBundleThePushWasAddressedTo() async throws {
        try await TestPlatform.run { platform in
            try await Self.register(platform, "d1", SampleTokens.apns, "ios", bundle: "com.example.first")
            let id = try await CampaignAuthoringTests.createID(platform, payload: try CampaignSamples.payload("simple_push"))
            let sent = try await platform.send(.post, "/_mock/campaigns/\(id)/send", json: ["driver_ids": ["d1"]])
            let pushID = try XCTUnwrap((try sent.json()["outbox_ids"] as? [String])?.first)
            try await Self.register(platform, "d1", SampleTokens.apns, "ios", bundle: "com.example.second")
            try await platform.send(.patch, "/_mock/config", json: ["ios_bundle_id": "com.example.tenant"])

            let entry = try await platform.send(.get, "/_mock/pushes/\(pushID)").json()
            XCTAssertEqual((entry["apns_headers"] as? [String: String])?["apns-topic"], "com.example.first")
            let export = try await platform.send(.get, "/_mock/pushes/\(pushID)/export")
            XCTAssertEqual(export.status, .ok, export.text)
            XCTAssertEqual(try export.json()["Simulator Target Bundle"] as? String, "com.example.first")
        }
    }

    func testFiltersClearAndReset() async throws {
        try await TestPlatform.run { platform in
            try await Self.register(platform, "d1", SampleTokens.apns, "ios")
            try await platform.send(.post, "/_mock/clock", json: ["now": "2026-01-01T12:00:00Z"])
            try await platform.send(.post, "/_mock/webhooks/trigger", json: ["event": "qualification", "driver_id": "d1"])
            try await platform.send(.post, "/_mock/clock", json: ["advance_seconds": 60])
            try await platform.send(.post, "/_mock/webhooks/trigger", json: ["event": "silent_push_notification", "driver_id": "d1"])
            let later = try await Self.pushes(platform, "?since=2026-01-01T12:00:30Z")
            XCTAssertEqual(later.map { $0["kind"] as? String }, ["iql_heartbeat"])
            XCTAssertEqual(later.first?["created_at"] as? String, "2026-01-01T12:01:00.000Z")
            let byToken = try await Self.pushes(platform, "?device_token=\(SampleTokens.apns)&platform=ios")
            XCTAssertEqual(byToken.count, 2)
            let bad = try await platform.send(.get, "/_mock/pushes?kind=email")
            XCTAssertEqual(bad.status, .badRequest)

            let cleared = try await platform.send(.delete, "/_mock/pushes")
            XCTAssertEqual(cleared.status, .noContent)
            let empty = try await Self.pushes(platform)
            XCTAssertEqual(empty.count, 0)
            try await platform.send(.post, "/_mock/webhooks/trigger", json: ["event": "qualification", "driver_id": "d1"])
            try await platform.send(.post, "/_mock/reset")
            let afterReset = try await Self.pushes(platform)
            XCTAssertEqual(afterReset.count, 0, "reset empties the outbox")
        }
    }

    func testStateExportCarriesCampaignsClientsAndTheOutbox() async throws {
        try await TestPlatform.run { platform in
            try await Self.register(platform, "d1", SampleTokens.apns, "ios", bundle: "com.example.app")
            let id = try await CampaignAuthoringTests.createID(platform, kind: "template_banner")
            try await platform.send(.post, "/_mock/campaigns/\(id)/send", json: ["driver_ids": ["d1"], "client_uuids": ["c1"]])
            try await platform.send(.post, "/_mock/webhooks/trigger", json: ["event": "qualification", "driver_id": "d1"])
            let gets = ["/_mock/pushes", "/_mock/campaigns", "/campaign-backend/campaign/IOS/get-banners/c1"]
            var before: [String] = []
            for path in gets { before.append(try await platform.send(.get, path, headers: [.authorization: "Bearer t"]).text) }
            let state = try await platform.send(.get, "/_mock/state")
            XCTAssertEqual(state.status, .ok)
            try await platform.send(.post, "/_mock/reset")
            let imported = try await platform.send(.put, "/_mock/state", body: state.text, headers: [.contentType: "application/json"])
            XCTAssertEqual(imported.status, .ok, imported.text)
            for (path, expected) in zip(gets, before) {
                let after = try await platform.send(.get, path, headers: [.authorization: "Bearer t"]).text
                XCTAssertEqual(after, expected, path)
            }
            let pushes = try JSONSerialization.jsonObject(with: Data(before[0].utf8)) as? [String: [Any]]
            XCTAssertEqual(pushes?["pushes"]?.count, 2, "the campaign push and the qualification push survive the round trip")
        }
    }
}
