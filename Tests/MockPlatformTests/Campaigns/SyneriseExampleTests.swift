import Foundation
import HTTPTypes
import XCTest

/// The payload examples of the Synerise contract's section A, as written
/// (`Resources/samples/synerise-examples.json`): each is accepted by `POST /_mock/campaigns` and
/// reaches a device with its keys as authored. (The contract's A.10 is the Android form the mock
/// emits, not a payload to author; the walkthrough of A.9 is fetched, never pushed.)
final class SyneriseExampleTests: XCTestCase {
    private static let bearer: HTTPFields = [.authorization: "Bearer sdk-token"]

    /// Every example: its section, title and payload.
    static func examples() throws -> [[String: Any]] {
        let file = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Resources/samples/synerise-examples.json")
        return try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [[String: Any]])
    }

    func testEveryGuideExampleIsAcceptedAndReachesADeviceWithItsKeysAsAuthored() async throws {
        XCTAssertEqual(try Self.examples().count, 9, "A.3, A.4, A.5, three of A.6, A.7, A.8, A.9")
        try await TestPlatform.run { platform in
            let examples = try Self.examples()
            for (index, example) in examples.enumerated() {
                let section = "\(example["section"] ?? "?") #\(index)"
                let payload = try XCTUnwrap(example["payload"] as? [String: Any])
                let created = try await platform.send(.post, "/_mock/campaigns", json: ["payload": payload])
                XCTAssertEqual(created.status, .created, "\(section): \(created.text)")
                let id = try XCTUnwrap(try created.json()["id"] as? String, section)
                if payload["type"] as? String == "walkthrough" {
                    let sent = try await platform.send(.post, "/_mock/campaigns/\(id)/send", json: ["client_uuids": ["client-\(index)"]])
                    XCTAssertEqual(sent.status, .accepted, "\(section): \(sent.text)")
                    let fetched = try await platform.send(
                        .get, "/campaign-backend/campaign/get-walkthrough/client-\(index)", headers: Self.bearer
                    )
                    XCTAssertEqual(try fetched.json() as NSDictionary, payload as NSDictionary, section)
                    continue
                }
                let sent = try await platform.send(.post, "/_mock/campaigns/\(id)/send", json: ["device_tokens": [SampleTokens.apns]])
                XCTAssertEqual(sent.status, .accepted, "\(section): \(sent.text)")
                let outboxID = try XCTUnwrap((try sent.json()["outbox_ids"] as? [String])?.first, section)
                let entry = try await platform.send(.get, "/_mock/pushes/\(outboxID)").json()
                let pushed = try XCTUnwrap(entry["payload"] as? [String: Any], section)
                XCTAssertEqual(pushed as NSDictionary, payload as NSDictionary, "\(section): the keys as authored, nothing added")
            }
        }
    }

    func testABadgeAsAStringIsKeptAndOnlyRichMediaGetsMutableContent() async throws {
        try await TestPlatform.run { platform in
            let simple = try XCTUnwrap(try Self.examples().first { $0["section"] as? String == "A.3" }?["payload"] as? [String: Any])
            var plain = simple
            plain["aps"] = ["alert": ["title": "Hi", "body": "Open us"], "badge": "1"]
            let stored = try await CampaignAuthoringTests.create(platform, plain)
            let aps = try XCTUnwrap((stored["payload"] as? [String: Any])?["aps"] as? [String: Any])
            XCTAssertEqual(aps["badge"] as? String, "1", "kept as Synerise writes it")
            XCTAssertNil(aps["mutable-content"], "a plain simple push gets no mutable-content")

            var richMedia = plain
            var content = try XCTUnwrap(plain["content"] as? [String: Any])
            content["rich-media"] = ["type": "single-image", "single-image": ["image": "https://cdn.example.com/hero.jpg"]]
            richMedia["content"] = content
            let rich = try await CampaignAuthoringTests.create(platform, richMedia)
            let richAps = try XCTUnwrap((rich["payload"] as? [String: Any])?["aps"] as? [String: Any])
            XCTAssertEqual(richAps["mutable-content"] as? Int, 1, "rich media needs the content extension")
            XCTAssertEqual(richAps["category"] as? String, "synerise.notifications.category.single-media")

            for badge: Any in ["one", -1, "1.5"] {
                plain["aps"] = ["alert": ["title": "Hi", "body": "Open us"], "badge": badge]
                let refused = try await platform.send(.post, "/_mock/campaigns", json: ["payload": plain])
                XCTAssertEqual(refused.status, .badRequest, "\(badge)")
                XCTAssertEqual(try refused.json()["detail"] as? String,
                               "payload.aps.badge must be an integer of at least 0 or a string of digits")
            }
        }
    }

    func testAPushWithAnotherIssuerIsSentAsAuthoredAndNeverServedToTheSDK() async throws {
        try await TestPlatform.run { platform in
            let own: [String: Any] = [
                "aps": ["alert": ["title": "Hello", "body": "From us"], "sound": "default"],
                "issuer": "MyApp", "screen": "offers", "ids": [1, 2],
            ]
            let created = try await CampaignAuthoringTests.create(platform, own)
            XCTAssertEqual(created["kind"] as? String, "custom_issuer")
            XCTAssertEqual(created["payload"] as? NSDictionary, own as NSDictionary)
            let android = try XCTUnwrap(created["android"] as? [String: Any])
            XCTAssertEqual(android["data"] as? [String: String], ["issuer": "MyApp", "screen": "offers", "ids": "[1,2]"])
            XCTAssertEqual(android["notification"] as? [String: String], ["title": "Hello", "body": "From us"])
            let id = try XCTUnwrap(created["id"] as? String)

            let sent = try await platform.send(.post, "/_mock/campaigns/\(id)/send", json: ["device_tokens": [SampleTokens.apns, SampleTokens.fcm]])
            XCTAssertEqual(sent.status, .accepted, sent.text)
            let outbox = try await platform.send(.get, "/_mock/pushes").json()
            let pushes = try XCTUnwrap(outbox["pushes"] as? [[String: Any]])
            XCTAssertEqual(pushes.count, 2)
            XCTAssertEqual(pushes.first?["payload"] as? NSDictionary, own as NSDictionary, "iOS: exactly as authored")
            XCTAssertEqual((pushes.last?["payload"] as? [String: Any])?["data"] as? [String: String],
                           ["issuer": "MyApp", "screen": "offers", "ids": "[1,2]"])

            let toClient = try await platform.send(.post, "/_mock/campaigns/\(id)/send", json: ["client_uuids": ["c1"]])
            XCTAssertEqual(toClient.status, .badRequest)
            XCTAssertEqual(try toClient.json()["detail"] as? String,
                           "a push with another issuer than Synerise is not a Synerise campaign: send it to device_tokens or driver_ids only")
            let served = try await platform.send(.get, "/campaign-backend/campaign/IOS/get-pushes/c1", headers: Self.bearer)
            XCTAssertEqual(served.text, "[]")
        }
    }

    /// The contract's A.8 example (a mandatory upgrade) with its `content` and `content.page`
    /// changed by `edit`.
    private static func upgrade(_ edit: (_ content: inout [String: Any], _ page: inout [String: Any]) -> Void) throws -> [String: Any] {
        var upgrade = try XCTUnwrap(try examples().first { $0["section"] as? String == "A.8" }?["payload"] as? [String: Any])
        var content = try XCTUnwrap(upgrade["content"] as? [String: Any])
        var page = try XCTUnwrap(content["page"] as? [String: Any])
        edit(&content, &page)
        content["page"] = page
        upgrade["content"] = content
        return upgrade
    }

    func testAMandatoryUpgradeWithoutACloseButtonGetsADisabledOne() async throws {
        try await TestPlatform.run { platform in
            let created = try await CampaignAuthoringTests.create(platform, try Self.upgrade { _, page in page["close_button"] = nil })
            XCTAssertEqual(created["kind"] as? String, "mandatory_upgrade")
            let stored = ((created["payload"] as? [String: Any])?["content"] as? [String: Any])?["page"] as? [String: Any]
            XCTAssertEqual(stored?["close_button"] as? NSDictionary, ["is_enabled": false, "alignment": "right"] as NSDictionary)
        }
    }

    /// "A banner that does not have a close button" is a mandatory upgrade, whatever its
    /// free-text `campaign.type` says.
    func testABannerWithoutACloseButtonIsAMandatoryUpgradeWhateverItsType() async throws {
        try await TestPlatform.run { platform in
            let banner: [String: Any] = ["variant_id": 12, "hash_id": "HASH-12", "type": "Mobile banner", "title": "New version"]
            let absent = try await CampaignAuthoringTests.create(platform, try Self.upgrade { content, page in
                content["campaign"] = banner
                page["close_button"] = nil
            })
            XCTAssertEqual(absent["kind"] as? String, "mandatory_upgrade")
            let disabled = try await CampaignAuthoringTests.create(platform, try Self.upgrade { content, page in
                content["campaign"] = banner
                page["close_button"] = ["is_enabled": false, "alignment": "left"]
            })
            XCTAssertEqual(disabled["kind"] as? String, "mandatory_upgrade", "a disabled close button is no close button")
            let deepLink = try Self.upgrade { content, page in
                content["campaign"] = banner
                page["close_button"] = nil
                page["action"] = ["type": "DEEP_LINKING", "item": "myapp://store"]
            }
            let refused = try await platform.send(.post, "/_mock/campaigns", json: ["payload": deepLink])
            XCTAssertEqual(refused.status, .badRequest)
            XCTAssertEqual(try refused.json()["detail"] as? String,
                           "payload.content.page.action.type must be OPEN_URL in a mandatory upgrade (a banner without a close button)")
        }
    }

    /// Pushes the reference apps' readers would trap on are authored and sent, with a warning
    /// naming what traps.
    func testAPushTheReferenceAppTrapsOnAnswersAWarning() async throws {
        try await TestPlatform.run { platform in
            let trap: [String: Any] = ["aps": ["content-available": 1], "data": ["screen": "offers"]]
            let created = try await platform.send(.post, "/_mock/campaigns", json: ["payload": trap])
            XCTAssertEqual(created.status, .created, created.text)
            let warnings = try XCTUnwrap(try created.json()["warnings"] as? [String])
            XCTAssertEqual(warnings.count, 1)
            XCTAssertTrue(warnings[0].contains("data.type") || warnings[0].contains(#"data has no string "type""#), warnings[0])
            let id = try XCTUnwrap(try created.json()["id"] as? String)
            let sent = try await platform.send(.post, "/_mock/campaigns/\(id)/send", json: ["device_tokens": [SampleTokens.apns]])
            XCTAssertEqual(sent.status, .accepted)
            XCTAssertEqual(try sent.json()["warnings"] as? [String], warnings, "the send says it again")

            let status: [String: Any] = ["aps": ["content-available": 1], "qualification_status": true]
            let ignored = try await CampaignAuthoringTests.create(platform, status)
            XCTAssertEqual((ignored["warnings"] as? [String])?.count, 1, "a qualification_status that is no string is ignored")

            for example in try Self.examples() {
                let payload = try XCTUnwrap(example["payload"] as? [String: Any])
                let clean = try await CampaignAuthoringTests.create(platform, payload)
                XCTAssertEqual(clean["warnings"] as? [String], [], "\(example["section"] ?? "?") reads as it should")
            }
        }
    }
}
