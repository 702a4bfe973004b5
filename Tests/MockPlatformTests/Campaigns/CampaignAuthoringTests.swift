import Foundation
import XCTest

/// `POST /_mock/campaigns` (`openapi/control.yaml` createPushCampaign): every documented payload
/// type is accepted with its derived kind and completed; bad definitions get a 400 naming the
/// field and leave nothing behind.
final class CampaignAuthoringTests: XCTestCase {
    func testEverySampleIsAcceptedWithItsKindInCreationOrder() async throws {
        try await TestPlatform.run { platform in
            let samples = try CampaignSamples.all()
            let kinds = samples.keys.sorted()
            for kind in kinds {
                let reply = try await platform.send(.post, "/_mock/campaigns", json: ["payload": samples[kind] as Any])
                XCTAssertEqual(reply.status, .created, "\(kind): \(reply.text)")
                XCTAssertEqual(try reply.json()["kind"] as? String, kind)
                XCTAssertEqual(try reply.json()["android"] is NSNull, kind == "walkthrough", "\(kind): the Android form")
            }
            let listed = try await platform.send(.get, "/_mock/campaigns").json()["campaigns"] as? [[String: Any]]
            XCTAssertEqual(listed?.map { $0["kind"] as? String }, kinds)
        }
    }

    func testFixedKeysAreCompleted() async throws {
        try await TestPlatform.run { platform in
            let image = try await Self.create(platform, CampaignSamples.payload("rich_media_single_image"))
            let aps = try XCTUnwrap((image["payload"] as? [String: Any])?["aps"] as? [String: Any])
            XCTAssertEqual(aps["mutable-content"] as? Int, 1)
            XCTAssertEqual(aps["category"] as? String, "synerise.notifications.category.single-media")
            XCTAssertEqual((image["payload"] as? [String: Any])?["message-type"] as? String, "dynamic-content")

            let banner = try await Self.create(platform, CampaignSamples.payload("template_banner"))
            let payload = try XCTUnwrap(banner["payload"] as? [String: Any])
            XCTAssertEqual(payload["aps"] as? [String: Int], ["content-available": 1])
            let page = try XCTUnwrap((payload["content"] as? [String: Any])?["page"] as? [String: Any])
            XCTAssertEqual((page["close_button"] as? [String: Any])?["alignment"] as? String, "right", "emitted lower case")
            let android = try XCTUnwrap(banner["android"] as? [String: Any])
            XCTAssertEqual(android["notification"] as? [String: String], ["title": "Sale", "body": "Up to 50% off"])
            let data = try XCTUnwrap(android["data"] as? [String: String], "FCM data values are strings")
            let content = try JSONSerialization.jsonObject(with: Data(try XCTUnwrap(data["content"]).utf8)) as? [String: Any]
            XCTAssertEqual(content?["trigger"] as? String, "cart_viewed")
        }
    }

    func testWalkthroughIDIsStableForTheSameContentAndChangesWithIt() async throws {
        try await TestPlatform.run { platform in
            let sample = try CampaignSamples.payload("walkthrough")
            let first = try await Self.create(platform, sample)
            let again = try await Self.create(platform, sample)
            var changed = sample
            changed["is_loop_enabled"] = true
            let other = try await Self.create(platform, changed)
            let ids = [first, again, other].map { ($0["payload"] as? [String: Any])?["id"] as? String }
            XCTAssertEqual(ids[0], ids[1])
            XCTAssertNotEqual(ids[0], ids[2])
            XCTAssertEqual(ids[0]?.count, 19, "wt- and 16 hex digits")
            var named = sample
            named["id"] = "wt-2026-01"
            let kept = try await Self.create(platform, named)
            XCTAssertEqual((kept["payload"] as? [String: Any])?["id"] as? String, "wt-2026-01")
        }
    }

    func testBadDefinitionsNameTheFieldAndStoreNothing() async throws {
        try await TestPlatform.run { platform in
            let banner = try CampaignSamples.payload("template_banner")
            let push = try CampaignSamples.payload("simple_push")
            let upgrade = try CampaignSamples.payload("mandatory_upgrade")
            let walkthrough = try CampaignSamples.payload("walkthrough")
            func edit(_ payload: [String: Any], _ path: [String], _ value: Any?) -> [String: Any] {
                guard let key = path.first else { return payload }
                var payload = payload
                if path.count == 1 {
                    payload[key] = value
                } else if let array = payload[key] as? [Any], let index = Int(path[1]), var item = array[index] as? [String: Any] {
                    item = edit(item, Array(path.dropFirst(2)), value)
                    var copy = array
                    copy[index] = item
                    payload[key] = copy
                } else {
                    payload[key] = edit(payload[key] as? [String: Any] ?? [:], Array(path.dropFirst()), value)
                }
                return payload
            }
            let cases: [(body: [String: Any], detail: String)] = [
                ([:], "payload is required"),
                (["payload": push, "extra": 1], "extra is not allowed"),
                (["payload": edit(banner, ["content", "page", "image"], nil)], "payload.content.page.image is required"),
                (["payload": edit(push, ["content", "campaign", "variant_id"], "one")], "payload.content.campaign.variant_id must be an integer"),
                (["payload": edit(push, ["content", "foo"], 1)], "payload.content.foo is not allowed"),
                (["payload": edit(banner, ["content", "page", "background", "color"], "red")], "payload.content.page.background.color must be a #rrggbb color"),
                (["payload": edit(banner, ["content", "page", "header", "alpha"], 2)], "payload.content.page.header.alpha must be a number between 0 and 1"),
                (["payload": edit(push, ["issuer"], "")], #"payload.issuer must be "Synerise""#),
                (["payload": ["aps": ["alert": ["title": "Hi", "body": "Open us"]]]],
                 #"payload.issuer is required: a push with aps.alert is a Synerise campaign (issuer "Synerise", content-type and content) or another issuer's own push; only a plain-data silent push has no issuer"#),
                (["payload": edit(edit(push, ["issuer"], "MyApp"), ["aps"], nil)], "payload.aps is required"),
                (["payload": edit(push, ["aps", "alert"], nil)], "payload.aps.alert is required"),
                (["payload": edit(push, ["content", "buttons", "0", "action", "item"], nil)], "payload.content.buttons[0].action.item is required"),
                (["payload": edit(upgrade, ["content", "trigger"], "x")], "payload.content.trigger is not allowed in a mandatory upgrade (a banner without a close button)"),
                (["payload": edit(walkthrough, ["pages", "1", "index"], 5)], "payload.pages[1].index must be 1"),
                (["payload": edit(push, ["content-type"], "in-app")], "payload.content-type must be one of simple-push, silent-sdk-command, silent-command, template-banner"),
            ]
            for (body, detail) in cases {
                let reply = try await platform.send(.post, "/_mock/campaigns", json: body)
                XCTAssertEqual(reply.status, .badRequest, detail)
                XCTAssertEqual(try reply.json()["detail"] as? String, detail)
            }
            let listed = try await platform.send(.get, "/_mock/campaigns").json()["campaigns"] as? [Any]
            XCTAssertEqual(listed?.count, 0, "nothing half-created remains")
        }
    }

    /// Creates the sample campaign of `kind`; returns its id.
    static func createID(_ platform: TestPlatform, kind: String) async throws -> String {
        try await createID(platform, payload: CampaignSamples.payload(kind))
    }

    static func createID(_ platform: TestPlatform, payload: [String: Any]) async throws -> String {
        let created = try await create(platform, payload)
        return try XCTUnwrap(created["id"] as? String)
    }

    static func create(_ platform: TestPlatform, _ payload: [String: Any]) async throws -> [String: Any] {
        let reply = try await platform.send(.post, "/_mock/campaigns", json: ["payload": payload])
        XCTAssertEqual(reply.status, .created, reply.text)
        return try reply.json()
    }
}
