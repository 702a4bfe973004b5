import Foundation
import HTTPTypes
import XCTest

/// `POST /_mock/campaigns/{id}/send` and the campaign backend (`openapi/control.yaml`
/// sendPushCampaign; `openapi/campaigns.yaml`): only the listed targets are reached, each in its
/// platform's form, and clients see what was sent to them until it is deleted.
final class CampaignSendTests: XCTestCase {

    private static func register(_ platform: TestPlatform, driver: String, token: String, os: String, bundle: String? = nil) async throws {
        var body = ["token": token, "platform": os]
        body["bundle_id"] = bundle
        let reply = try await platform.send(.post, "/publisher/v1/drivers/\(driver)/device_token", json: body)
        XCTAssertEqual(reply.status, .ok, reply.text)
    }

    private static func send(_ platform: TestPlatform, _ id: String, _ body: [String: Any]) async throws -> TestPlatform.Reply {
        try await platform.send(.post, "/_mock/campaigns/\(id)/send", json: body)
    }

    private static func pushes(_ platform: TestPlatform, _ query: String = "") async throws -> [[String: Any]] {
        try await platform.send(.get, "/_mock/pushes\(query)").json()["pushes"] as? [[String: Any]] ?? []
    }

    func testDriverTargetsReachEveryTokenOfThatDriverInItsPlatformsForm() async throws {
        try await TestPlatform.run { platform in
            try await Self.register(platform, driver: "d1", token: SampleTokens.apns, os: "ios", bundle: "com.example.app")
            try await Self.register(platform, driver: "d1", token: SampleTokens.fcm, os: "android")
            try await Self.register(platform, driver: "d2", token: SampleTokens.apns2, os: "ios")
            let id = try await CampaignAuthoringTests.createID(platform, kind: "simple_push")

            let sent = try await Self.send(platform, id, ["driver_ids": ["d1"]])
            XCTAssertEqual(sent.status, .accepted)
            let entries = try await Self.pushes(platform)
            XCTAssertEqual(try sent.json()["outbox_ids"] as? [String], entries.map { $0["id"] as? String ?? "" })
            XCTAssertEqual(entries.map { $0["device_token"] as? String }, [SampleTokens.apns, SampleTokens.fcm], "d2 gets nothing")
            XCTAssertEqual(entries.map { $0["driver_id"] as? String }, ["d1", "d1"])

            let ios = entries[0]
            XCTAssertEqual(ios["apns_headers"] as? [String: String],
                           ["apns-topic": "com.example.app", "apns-push-type": "alert", "apns-priority": "10"])
            let iosPayload = try XCTUnwrap(ios["payload"] as? [String: Any])
            XCTAssertEqual(iosPayload["issuer"] as? String, "Synerise", "Synerise keys beside aps")
            XCTAssertNotNil(iosPayload["aps"])

            let android = entries[1]
            XCTAssertNil(android["apns_headers"])
            let data = try XCTUnwrap((android["payload"] as? [String: Any])?["data"] as? [String: String], "under data, all strings")
            XCTAssertEqual(data["message-type"], "static-content")
            let content = try JSONSerialization.jsonObject(with: Data(try XCTUnwrap(data["content"]).utf8)) as? [String: Any]
            let notification = try XCTUnwrap(content?["notification"] as? [String: Any])
            XCTAssertEqual(notification["title"] as? String, "Hi")
            XCTAssertEqual(notification["priority"] as? String, "HIGH")

            _ = try await Self.send(platform, id, ["driver_ids": ["d1"], "platform": "android"])
            let androidOnly = try await Self.pushes(platform, "?platform=android")
            XCTAssertEqual(androidOnly.count, 2, "the platform filter sends to the Android token only")
            let all = try await Self.pushes(platform)
            XCTAssertEqual(all.count, 3)
        }
    }

    func testUnregisteredTokensTakeTheirFormatsPlatformAndNoDriver() async throws {
        try await TestPlatform.run { platform in
            let id = try await CampaignAuthoringTests.createID(platform, kind: "silent_data")
            let sent = try await Self.send(platform, id, ["device_tokens": [SampleTokens.apns.uppercased(), SampleTokens.fcm]])
            XCTAssertEqual(sent.status, .accepted, sent.text)
            let entries = try await Self.pushes(platform)
            XCTAssertEqual(entries.map { $0["platform"] as? String }, ["ios", "android"])
            XCTAssertEqual(entries.map { $0["device_token"] as? String }, [SampleTokens.apns, SampleTokens.fcm], "APNs tokens lower case")
            XCTAssertTrue(entries.allSatisfy { $0["driver_id"] is NSNull })
            XCTAssertEqual(entries[0]["apns_headers"] as? [String: String], ["apns-push-type": "background", "apns-priority": "5"],
                           "no topic when no bundle id is known")
            XCTAssertEqual((entries[1]["payload"] as? [String: Any])?["data"] as? [String: String],
                           ["refresh": "offers", "version": "42"], "a silent-data push's own keys, as strings")
        }
    }

    func testRefusedSendsNameTheProblemAndSendNothing() async throws {
        try await TestPlatform.run { platform in
            let walkthrough = try await CampaignAuthoringTests.createID(platform, kind: "walkthrough")
            let silent = try await CampaignAuthoringTests.createID(platform, kind: "silent_data")
            let cases: [(String, [String: Any], String)] = [
                (silent, [:], "at least one of device_tokens, client_uuids, driver_ids must be a non-empty list"),
                (silent, ["device_tokens": ["nope"]], "device_tokens[0] is neither an APNs nor an FCM token"),
                (silent, ["driver_ids": [String(repeating: "x", count: 257)]], "driver_ids[0] must be 1 to 256 characters without /"),
                (silent, ["platform": "web", "driver_ids": ["d1"]], "platform must be ios or android"),
                (silent, ["driver_ids": "d1"], "driver_ids must be a list of strings"),
                (silent, ["driver_ids": ["d1", 2]], "driver_ids[1] must be a string"),
                (silent, ["driver_ids": ["d1"], "drivers": ["d2"]], "drivers is not allowed"),
                (walkthrough, ["device_tokens": [SampleTokens.apns], "client_uuids": ["c1"]],
                 "a walkthrough is fetched, never pushed: send it to client_uuids only"),
            ]
            for (id, body, detail) in cases {
                let reply = try await Self.send(platform, id, body)
                XCTAssertEqual(reply.status, .badRequest, detail)
                XCTAssertEqual(try reply.json()["detail"] as? String, detail)
            }
            let unknown = try await Self.send(platform, "cmp_missing", ["client_uuids": ["c1"]])
            XCTAssertEqual(unknown.status, .notFound)
            let entries = try await Self.pushes(platform)
            XCTAssertEqual(entries.count, 0)
            let fetched = try await platform.send(.get, "/campaign-backend/campaign/get-walkthrough/c1", headers: [.authorization: "Bearer t"])
            XCTAssertEqual(fetched.status, .notFound, "the refused walkthrough send reached no client")
        }
    }

    func testClientsSeeWhatWasSentToThemUntilItIsDeleted() async throws {
        try await TestPlatform.run { platform in
            let auth: HTTPFields = [.authorization: "Bearer t"]
            var ids: [String: String] = [:]
            for kind in ["simple_push", "silent_command", "silent_data", "template_banner", "mandatory_upgrade", "walkthrough"] {
                let id = try await CampaignAuthoringTests.createID(platform, kind: kind)
                ids[kind] = id
                let sent = try await Self.send(platform, id, ["client_uuids": ["c1"]])
                XCTAssertEqual(sent.status, .accepted, kind)
            }
            let pushes = try await platform.send(.get, "/campaign-backend/campaign/ANDROID/get-pushes/c1", headers: auth).anyJSON() as? [[String: Any]]
            XCTAssertEqual(pushes?.map { ($0["data"] as? [String: Any])?["contentType"] as? String }, ["simple-push", "silent-command", nil])
            XCTAssertEqual(pushes?.map { $0["contentAvailable"] as? Bool }, [false, true, true])
            XCTAssertTrue(pushes?[1]["notification"] is NSNull, "silent items have a null notification")
            XCTAssertTrue(pushes?[2]["notification"] is NSNull)
            XCTAssertEqual(pushes?[2]["data"] as? [String: String], ["refresh": "offers", "version": "42"],
                           "a plain-data silent push is listed with its own key/values, as strings")
            let banners = try await platform.send(.get, "/campaign-backend/campaign/IOS/get-banners/c1", headers: auth).anyJSON() as? [[String: Any]]
            XCTAssertEqual(banners?.count, 2)
            XCTAssertEqual(banners?.first?["notification"] as? [String: String], ["title": "Sale", "body": "Up to 50% off"])
            let walkthrough = try await platform.send(.get, "/campaign-backend/campaign/get-walkthrough/c1", headers: auth)
            XCTAssertEqual(walkthrough.status, .ok)
            XCTAssertEqual(try walkthrough.json()["type"] as? String, "walkthrough")
            let other = try await platform.send(.get, "/campaign-backend/campaign/IOS/get-banners/c2", headers: auth)
            XCTAssertEqual(other.text, "[]")

            for kind in ["template_banner", "walkthrough"] {
                let deleted = try await platform.send(.delete, "/_mock/campaigns/\(ids[kind] ?? "")")
                XCTAssertEqual(deleted.status, .noContent)
            }
            let left = try await platform.send(.get, "/campaign-backend/campaign/IOS/get-banners/c1", headers: auth).anyJSON() as? [[String: Any]]
            XCTAssertEqual(left?.count, 1, "the deleted banner left the answer")
            let gone = try await platform.send(.get, "/campaign-backend/campaign/get-walkthrough/c1", headers: auth)
            XCTAssertEqual(gone.status, .notFound)
            XCTAssertEqual(try gone.json()["error"] as? String, "Not Found")
            XCTAssertEqual(try gone.json()["status"] as? Int, 404)
        }
    }
}
