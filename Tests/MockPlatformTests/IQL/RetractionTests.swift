import Foundation
@testable import MockPlatform
@testable import MockPlatformRuntime
import XCTest

/// Offer retraction (`docs/iql-engine.md` Engine rules; `openapi/iql.yaml` webhooks,
/// offer_retraction): the event goes only where the offer was the latest active one.
final class RetractionTests: XCTestCase {
    /// The default fixtures plus a second AZ campaign whose offer id sorts after the default's.
    private static let twoCampaigns: Fixtures = {
        var fixtures = TestFixtures.shared
        var second = fixtures.campaigns[0]
        second.campaignID = "second"
        second.offerID = "ad_second_002"
        second.offerSubtype = "drive"
        second.offerType = "non_auto_insurance"
        fixtures.campaigns.append(second)
        return fixtures
    }()

    func testRetractionEmitsOnlyForTheLatestActiveOffer() async throws {
        try await TestPlatform.run(fixtures: Self.twoCampaigns) { platform in
            try await platform.freezeClock(at: TestPlatform.offerTestNow)
            try await platform.driveToQualification("d1")
            let qualifications = try await platform.events("non_telematics_qualification")
            XCTAssertEqual(qualifications.count, 1, "the non-telematics campaign sends its own webhook kind")

            let notLatest = try await platform.send(.post, "/_mock/iql/offers/ad_second_002/retract",
                                                    json: ["reason": "Ad copy", "driver_id": "d1"])
            XCTAssertEqual(try notLatest.json()["retracted"] as? Int, 1)
            let none = try await platform.events("offer_retraction")
            XCTAssertEqual(none.count, 0, "ad_default_001 (same instant, lower id) is the latest active offer")

            try await platform.send(.post, "/_mock/iql/offers/ad_default_001/retract", json: ["reason": "State sales stopped"])
            let events = try await platform.events("offer_retraction")
            XCTAssertEqual(events.count, 1)
            let payload = try XCTUnwrap(events.first?["payload"] as? [String: Any])
            XCTAssertEqual(payload["ad_id"] as? String, "ad_default_001")
            XCTAssertEqual(payload["advertiser_id"] as? String, "adv_test_insurer")
            XCTAssertEqual(payload["publisher_app_id"] as? String, "mock_app")
            XCTAssertEqual(payload["offer_retraction_reason"] as? String, "State sales stopped")
            XCTAssertEqual(payload["timestamp"] as? Int, 1_718_020_800_000)

            let again = try await platform.send(.post, "/_mock/iql/offers/ad_default_001/retract", json: ["reason": "x"])
            XCTAssertEqual(try again.json()["retracted"] as? Int, 0)
            let unit = try await platform.iql(.get, "/iql/v2/ad_unit/d1")
            XCTAssertEqual(unit.text, "{}")
        }
    }

    func testRetractValidation() async throws {
        try await TestPlatform.run { platform in
            let missing = try await platform.send(.post, "/_mock/iql/offers/ad_default_001/retract", json: [String: Any]())
            XCTAssertEqual(missing.status, .badRequest)
            XCTAssertEqual(try missing.json()["detail"] as? String, "reason is required")
            let unknown = try await platform.send(.post, "/_mock/iql/offers/ad_nope/retract", json: ["reason": "x"])
            XCTAssertEqual(unknown.status, .notFound)
            XCTAssertEqual(unknown.headers[.contentType], "application/problem+json")
        }
    }
}
