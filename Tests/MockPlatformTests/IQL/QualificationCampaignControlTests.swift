import Foundation
@testable import MockPlatform
import XCTest

/// Qualification campaign CRUD under `/_mock/iql/campaigns`: campaigns are data, and the engine follows them.
final class QualificationCampaignControlTests: XCTestCase {
    /// The default fixture campaign as JSON, changed by `change`.
    private static func campaignJSON(_ change: (inout [String: Any]) -> Void) throws -> [String: Any] {
        let data = try JSONEncoder().encode(TestFixtures.shared.campaigns[0])
        var object = try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [String: Any])
        change(&object)
        return object
    }

    func testCreateListGetReplaceDelete() async throws {
        try await TestPlatform.run { platform in
            let body = try Self.campaignJSON { $0["campaign_id"] = "ca"; $0["offer_id"] = "ad_ca_001"; $0["states"] = ["ca"] }
            let created = try await platform.send(.post, "/_mock/iql/campaigns", json: body)
            XCTAssertEqual(created.status, .created, created.text)
            XCTAssertEqual(try created.json()["states"] as? [String], ["CA"])
            let duplicate = try await platform.send(.post, "/_mock/iql/campaigns", json: body)
            XCTAssertEqual(duplicate.status, .conflict)
            XCTAssertEqual(try duplicate.json()["detail"] as? String, "campaign ca already exists")

            let list = try await platform.send(.get, "/_mock/iql/campaigns")
            XCTAssertEqual((try list.json()["campaigns"] as? [[String: Any]])?.compactMap { $0["campaign_id"] as? String }, ["default", "ca"])

            let renamed = try Self.campaignJSON { $0["campaign_id"] = "ca"; $0["offer_id"] = "ad_ca_001"; $0["states"] = ["CA"]; $0["headline"] = "New" }
            let replaced = try await platform.send(.put, "/_mock/iql/campaigns/ca", json: renamed)
            XCTAssertEqual(try replaced.json()["headline"] as? String, "New")
            let mismatch = try await platform.send(.put, "/_mock/iql/campaigns/default", json: renamed)
            XCTAssertEqual(try mismatch.json()["detail"] as? String, "campaign_id must match the path")

            let deleted = try await platform.send(.delete, "/_mock/iql/campaigns/ca")
            XCTAssertEqual(deleted.status, .noContent)
            let gone = try await platform.send(.get, "/_mock/iql/campaigns/ca")
            XCTAssertEqual(gone.status, .notFound)
        }
    }

    func testNewCampaignQualifiesDriversItCovers() async throws {
        try await TestPlatform.run { platform in
            try await platform.freezeClock(at: TestPlatform.offerTestNow)
            try await platform.driveToQualification("d-ca", state: "CA", zipcode: "94103")
            let body = try Self.campaignJSON { $0["campaign_id"] = "ca"; $0["offer_id"] = "ad_ca_001"; $0["states"] = ["CA"] }
            try await platform.send(.post, "/_mock/iql/campaigns", json: body)
            let events = try await platform.events("qualification", driverID: "d-ca")
            XCTAssertEqual(events.count, 1, "adding a campaign re-evaluates every driver")
            let unit = try await platform.iql(.get, "/iql/v2/ad_unit/d-ca")
            XCTAssertEqual((try unit.json()["ad_unit"] as? [String: Any])?["offer_id"] as? String, "ad_ca_001")
        }
    }

    func testInvalidCampaignsAreRefusedAndNothingIsStored() async throws {
        try await TestPlatform.run { platform in
            let cases: [(String, ([String: Any]) -> [String: Any])] = [
                ("campaign_id is required", { var c = $0; c["campaign_id"] = nil; return c }),
                ("offer_type must be auto_insurance or non_auto_insurance", { var c = $0; c["offer_type"] = "home"; return c }),
                ("states must list 2-letter US state or DC codes", { var c = $0; c["states"] = ["PR"]; return c }),
                ("min_trips must not be negative", { var c = $0; c["min_trips"] = -1; return c }),
                ("test_drive_days must be at least 1", { var c = $0; c["test_drive_days"] = 0; return c }),
                ("brand_color must be #RRGGBB", { var c = $0; c["brand_color"] = "blue"; return c }),
                ("ad.body.text is required", { var c = $0; var ad = c["ad"] as? [String: Any] ?? [:]; ad["body"] = ["bullets": []]; c["ad"] = ad; return c }),
            ]
            for (message, change) in cases {
                let body = change(try Self.campaignJSON { $0["campaign_id"] = "x" })
                let reply = try await platform.send(.post, "/_mock/iql/campaigns", json: body)
                XCTAssertEqual(reply.status, .badRequest, message)
                XCTAssertEqual(try reply.json()["detail"] as? String, message)
            }
            let list = try await platform.send(.get, "/_mock/iql/campaigns")
            XCTAssertEqual((try list.json()["campaigns"] as? [Any])?.count, 1)
        }
    }
}
