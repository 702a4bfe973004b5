import Foundation
@testable import MockPlatform
import XCTest

/// adClick v3 (`openapi/iql.yaml` clickAdUnit): token, payload, redirect, leads and the offerClick
/// event.
final class ClickTests: XCTestCase {
    func testValidClicksRedirectRecordLeadsAndEmitOneEvent() async throws {
        try await TestPlatform.run { platform in
            try await platform.freezeClock(at: TestPlatform.offerTestNow)
            try await platform.driveToQualification("d1")
            let url = try await platform.clickURL(for: "d1")
            let first = try await platform.send(.get, url)
            XCTAssertEqual(first.status, .found)
            XCTAssertEqual(first.headers[.cacheControl], "no-store")
            XCTAssertTrue(first.body.isEmpty)
            let location = try XCTUnwrap(first.headers[.location])
            XCTAssertTrue(location.hasPrefix("\(TestPlatform.publicBase)/_mock/pages/landing?offer=ad_default_001&lead="), location)
            let second = try await platform.send(.get, url.replacingOccurrences(of: "&pl=", with: "&pl=") + "%3D%3D")
            XCTAssertEqual(second.status, .found, "padding is optional: \(second.text)")

            let clicks = try await platform.events("offer_click")
            XCTAssertEqual(clicks.count, 1)
            let payload = try XCTUnwrap(clicks.first?["payload"] as? [String: Any])
            XCTAssertEqual(payload["webhook_event_id"] as? String, clicks.first?["id"] as? String)
            XCTAssertEqual(payload["type"] as? String, "offer")
            XCTAssertEqual(payload["subtype"] as? String, "offer_click")
            XCTAssertEqual((payload["metadata"] as? [String: Any])?["offer_clicked_at_timestamp"] as? Int, 1_718_020_800_000)

            let leads = try await platform.send(.get, "/_mock/iql/leads?offer_id=ad_default_001")
            let list = try XCTUnwrap(try leads.json()["leads"] as? [[String: Any]])
            XCTAssertEqual(list.map { $0["click_number"] as? Int }, [1, 2])
            XCTAssertEqual((list.first?["payload"] as? [String: Any])?["first_name"] as? String, "Ash")
            XCTAssertTrue(location.hasSuffix(list.first?["lead_id"] as? String ?? "-"), "Location names the lead")
        }
    }

    func testTokenFailuresAre403InTheContractOrder() async throws {
        try await TestPlatform.run { platform in
            try await platform.freezeClock(at: TestPlatform.offerTestNow)
            try await platform.driveToQualification("d1")
            try await platform.driveToQualification("d2")
            let url = try await platform.clickURL(for: "d1")
            let path = String(url.prefix { $0 != "?" })
            let token = try XCTUnwrap(url.split(separator: "auth_token=").last?.split(separator: "&").first)

            assertIQLError(try await platform.send(.get, path + "?pl=" + TestPlatform.validPayload), .forbidden, "auth_token is required")
            assertIQLError(try await platform.send(.get, path + "?auth_token=abc.def"), .forbidden, "invalid auth_token")
            let otherDriver = path.replacingOccurrences(of: "/driver_id/d1/", with: "/driver_id/d2/")
            assertIQLError(try await platform.send(.get, otherDriver + "?auth_token=\(token)&pl=x"), .forbidden,
                           "auth_token does not match this ad and driver")
            let otherTenant = try await platform.send(.get, "/t/other" + url)
            assertIQLError(otherTenant, .forbidden, "invalid auth_token")
            let noKeyNeeded = try await platform.send(.get, url)
            XCTAssertEqual(noKeyNeeded.status, .found, "the click route takes no API key")
        }
    }

    func testPayloadRules() async throws {
        try await TestPlatform.run { platform in
            try await platform.freezeClock(at: TestPlatform.offerTestNow)
            try await platform.driveToQualification("d1")
            let template = try await platform.clickURL(for: "d1", payload: "<payload>")
            func click(_ json: String) async throws -> TestPlatform.Reply {
                try await platform.send(.get, template.replacingOccurrences(of: "<payload>", with: TestPlatform.base64URL(json)))
            }
            assertIQLError(try await platform.send(.get, template.replacingOccurrences(of: "&pl=<payload>", with: "")),
                           .badRequest, "pl is required")
            assertIQLError(try await platform.send(.get, template.replacingOccurrences(of: "<payload>", with: "%3Cpayload%3E")),
                           .badRequest, "pl must be URL-safe base64")
            assertIQLError(try await click("[1]"), .badRequest, "pl must encode a JSON object")
            assertIQLError(try await click(#"{"last_name":"K","email_address":"a@b.co"}"#), .badRequest, "pl.first_name is required")
            assertIQLError(try await click(#"{"first_name":"A","last_name":"K","email_address":"nope"}"#), .badRequest,
                           "pl.email_address is not a valid e-mail address")
            let base = #""first_name":"A","last_name":"K","email_address":"a@b.co""#
            assertIQLError(try await click("{\(base),\"phone_number\":\"12345\"}"), .badRequest, "pl.phone_number must be 10 digits")
            assertIQLError(try await click("{\(base),\"address\":{\"zipcode\":\"1234\"}}"), .badRequest, "pl.address.zipcode must be 5 digits")
            assertIQLError(try await click("{\(base),\"address\":{\"state_code\":\"ZZ\"}}"), .badRequest,
                           "pl.address.state_code must be a 2-letter US state or DC code")
            assertIQLError(try await click("{\(base),\"DOB\":\"2030-01-01\"}"), .badRequest, "pl.DOB must be a past date formatted %Y-%m-%d")
            let full = try await click("{\(base),\"phone_number\":\"1234567890\",\"DOB\":\"1990-01-01\",\"address\":{\"street\":\"1 Main\",\"state_code\":\"az\",\"zipcode\":\"85004\"},\"extra\":1}")
            XCTAssertEqual(full.status, .found, full.text)
            let count = try await platform.events("offer_click").count
            XCTAssertEqual(count, 1, "refused clicks emit nothing")
        }
    }

    func testRetractedOfferAndResetDriverAre404() async throws {
        try await TestPlatform.run { platform in
            try await platform.freezeClock(at: TestPlatform.offerTestNow)
            try await platform.driveToQualification("d1")
            let url = try await platform.clickURL(for: "d1")
            let retract = try await platform.send(.post, "/_mock/iql/offers/ad_default_001/retract", json: ["reason": "State sales stopped"])
            XCTAssertEqual(retract.status, .ok)
            XCTAssertEqual(try retract.json()["retracted"] as? Int, 1)
            assertIQLError(try await platform.send(.get, url), .notFound, "offer ad_default_001 is no longer available")
            try await platform.send(.post, "/_mock/reset")
            try await platform.freezeClock(at: TestPlatform.offerTestNow)
            assertIQLError(try await platform.send(.get, url), .notFound, "invalid driver id")
        }
    }
}
