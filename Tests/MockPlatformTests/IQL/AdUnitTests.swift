import Foundation
@testable import MockPlatform
import XCTest

/// adUnit v2 and multi-offer (`openapi/iql.yaml` getAdUnit, listOffers).
final class AdUnitTests: XCTestCase {
    func testUnknownDriverIs404AndDriverWithoutOfferGetsEmptyObjectUncached() async throws {
        try await TestPlatform.run { platform in
            assertIQLError(try await platform.iql(.get, "/iql/v2/ad_unit/nobody"), .notFound, "invalid driver id")
            try await platform.createDriver("d1")
            let reply = try await platform.iql(.get, "/iql/v2/ad_unit/d1")
            XCTAssertEqual(reply.status, .ok)
            XCTAssertEqual(reply.text, "{}")
            XCTAssertEqual(reply.headers[.cacheControl], "no-store")
        }
    }

    func testAdUnitCarriesEveryFieldAndAbsoluteTenantURLs() async throws {
        try await TestPlatform.run { platform in
            try await platform.freezeClock(at: TestPlatform.offerTestNow, tenantPrefix: "/t/team-a")
            let put = try await platform.iql(.put, "/t/team-a/iql/v1/driver/user%20123/info", json: ["country": "USA", "state": "AZ"])
            XCTAssertEqual(put.status, .ok)
            for (date, count) in [("2024-06-07", 2), ("2024-06-08", 2), ("2024-06-09", 1)] {
                try await platform.iql(.post, "/t/team-a/iql/v1/testing/driver/user%20123/mock_trips",
                                       json: ["date": date, "count": count, "distance_miles_each": 3])
            }
            let reply = try await platform.iql(.get, "/t/team-a/iql/v2/ad_unit/user%20123?image_dim_x=200&image_dim_y=5000")
            let body = try reply.json()
            XCTAssertEqual(body["driver_info"] as? [String: String], ["publisher_app_name": "mock_app-prod", "driver_id": "user 123"])
            let unit = try XCTUnwrap(body["ad_unit"] as? [String: Any])
            XCTAssertEqual(unit["offer_id"] as? String, "ad_default_001")
            XCTAssertEqual(unit["insurer_name"] as? String, "test-insurer")
            XCTAssertEqual(unit["title"] as? String, "Your discount is waiting!")
            XCTAssertEqual(unit["button_text"] as? String, "Get your discount!")
            XCTAssertEqual((unit["body"] as? [String: Any])?["bullets"] as? [String], ["Covered in minutes", "Personalised rates"])
            XCTAssertEqual(unit["logo_url"] as? String,
                           "http://localhost/t/team-a/iql/v2/ad_unit/ad_default_001/logo?dim_x=200&dim_y=2000",
                           "the host the request was sent to (the test client's)")
            let click = try XCTUnwrap(unit["button_click_url"] as? String)
            XCTAssertTrue(click.hasPrefix("http://localhost/t/team-a/iql/v3/ad_unit/ad_default_001/driver_id/user%20123/click?auth_token="), click)
            XCTAssertTrue(click.hasSuffix("&pl=<payload>"), click)
            let legal = try XCTUnwrap(unit["legal"] as? [String: Any])
            XCTAssertEqual(legal["privacy_policy_url"] as? String, "http://localhost/t/team-a/_mock/pages/privacy",
                           "the fixtures' {mock} is the request's base and tenant: the mock's own page")
            XCTAssertEqual(legal["terms_and_conditions_url"] as? String, "http://localhost/t/team-a/_mock/pages/terms")
            XCTAssertEqual(legal["disclaimers"] as? [String: String], legal["disclaimer"] as? [String: String],
                           "the singular `disclaimer` the Android reference app reads is a copy")
        }
    }

    func testLogoURLDefaultsTo1000AndBadDimensionsAre400() async throws {
        try await TestPlatform.run { platform in
            try await platform.freezeClock(at: TestPlatform.offerTestNow)
            try await platform.driveToQualification("d1")
            let plain = try await platform.iql(.get, "/iql/v2/ad_unit/d1?image_dim_x=300")
            let unit = try XCTUnwrap(try plain.json()["ad_unit"] as? [String: Any])
            XCTAssertTrue((unit["logo_url"] as? String)?.hasSuffix("/logo?dim_x=1000&dim_y=1000") == true)
            assertIQLError(try await platform.iql(.get, "/iql/v2/ad_unit/d1?image_dim_x=wide&image_dim_y=2"), .badRequest,
                           "image_dim_x must be an integer")
            assertIQLError(try await platform.iql(.get, "/iql/v2/ad_unit/d1?image_dim_x=2&image_dim_y=2.5"), .badRequest,
                           "image_dim_y must be an integer")
        }
    }

    func testMultiOfferListsActiveOffersWithFilters() async throws {
        try await TestPlatform.run { platform in
            try await platform.freezeClock(at: TestPlatform.offerTestNow)
            try await platform.driveToQualification("d1")
            let all = try await platform.iql(.get, "/iql/v1/ads/driver_id/d1")
            XCTAssertEqual(all.headers[.cacheControl], "no-store")
            let offers = try XCTUnwrap(try all.json()["offers"] as? [[String: Any]])
            XCTAssertEqual(offers.count, 1)
            XCTAssertEqual(offers.first?["id"] as? String, "ad_default_001")
            XCTAssertEqual(offers.first?["type"] as? String, "auto_insurance")
            XCTAssertEqual(offers.first?["subtype"] as? String, "telematics")
            XCTAssertEqual(offers.first?["created_at_timestamp"] as? Int, 1_718_020_800_000)
            XCTAssertNil((offers.first?["details"] as? [String: Any])?["offer_id"], "details hold every ad_unit field but offer_id")
            XCTAssertNotNil((offers.first?["details"] as? [String: Any])?["button_click_url"])

            let matching = try await platform.iql(.get, "/iql/v1/ads/driver_id/d1?type=AUTO_INSURANCE&subtype=drive,Telematics&max=1")
            XCTAssertEqual((try matching.json()["offers"] as? [Any])?.count, 1)
            let other = try await platform.iql(.get, "/iql/v1/ads/driver_id/d1?type=non_auto_insurance")
            XCTAssertEqual((try other.json()["offers"] as? [Any])?.count, 0)
            let bySubtype = try await platform.iql(.get, "/iql/v1/ads/driver_id/d1?subtype=drive_offer")
            XCTAssertEqual((try bySubtype.json()["offers"] as? [Any])?.count, 0)

            assertIQLError(try await platform.iql(.get, "/iql/v1/ads/driver_id/d1?type=home"), .badRequest,
                           "type must be auto_insurance or non_auto_insurance")
            assertIQLError(try await platform.iql(.get, "/iql/v1/ads/driver_id/d1?subtype=telematics,,drive"), .badRequest,
                           "subtype must be a comma-separated list of telematics, affiliate, drive")
            assertIQLError(try await platform.iql(.get, "/iql/v1/ads/driver_id/d1?max=0"), .badRequest, "max must be a positive integer")
            assertIQLError(try await platform.iql(.get, "/iql/v1/ads/driver_id/nobody?max=0"), .notFound, "invalid driver id")
            let none = try await platform.iql(.get, "/iql/v1/ads/driver_id/d-new")
            XCTAssertEqual(none.status, .notFound)
        }
    }
}
