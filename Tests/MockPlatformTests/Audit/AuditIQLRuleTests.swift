import Foundation
import HTTPTypes
@testable import MockPlatform
import XCTest

/// The IQL guides' rules (`docs/audit.md`), each played by a client that keeps it and one that
/// breaks it: the verdict, the evidence ids and what the message says was expected.
final class AuditIQLRuleTests: XCTestCase {
    private typealias Probe = AuditProbe

    func testTheStateIsCheckedBeforeTheDriverInfoForTheSameState() async throws {
        try await TestPlatform.run { platform in
            try await platform.iql(.post, "/iql/v1/supported_state_details", json: ["country_code": "USA", "state_code": "NY", "current_insurer": "Progressive"])
            try await platform.createDriver("d1")
            let broken = try await Probe.verdict(platform, "driver:d1", "state-check-before-driver-info")
            XCTAssertEqual(broken["verdict"] as? String, "fail")
            let check = try await Probe.requestIDs(platform, path: "/iql/v1/supported_state_details")
            let info = try await Probe.requestIDs(platform, path: "/iql/v1/driver/d1/info")
            XCTAssertEqual(broken["evidence"] as? [String], [info[0], check[0]], "the step, then the nearest miss")
            let message = try XCTUnwrap(broken["message"] as? String)
            XCTAssertTrue(message.contains("expected a postSupportedStateDetails request answered 2xx before"), message)
            XCTAssertTrue(message.contains("state_code NY"), "the nearest miss names its state: \(message)")

            try await platform.iql(.post, "/iql/v1/supported_state_details", json: ["country_code": "USA", "state_code": "AZ", "current_insurer": "Progressive"])
            try await platform.createDriver("d2")
            let kept = try await Probe.verdict(platform, "driver:d2", "state-check-before-driver-info")
            XCTAssertEqual(kept["verdict"] as? String, "pass")
            let azCheck = try await Probe.requestIDs(platform, path: "/iql/v1/supported_state_details")[1]
            let d2 = try await Probe.requestIDs(platform, path: "/iql/v1/driver/d2/info")[0]
            XCTAssertEqual(kept["evidence"] as? [String], [azCheck, d2], "a tenant-wide check counts for the driver whose state it names")
        }
    }

    func testTheZipcodeMustBelongToTheState() async throws {
        try await TestPlatform.run { platform in
            let refused = try await platform.iql(.put, "/iql/v1/driver/d1/info", json: ["country": "USA", "state": "AZ", "zipcode": "10118"])
            XCTAssertEqual(refused.status, .badRequest)
            let broken = try await Probe.verdict(platform, "driver:d1", "driver-info-state-matches-zip")
            XCTAssertEqual(broken["verdict"] as? String, "fail")
            let expected1 = try await Probe.requestIDs(platform, path: "/iql/v1/driver/d1/info")
            XCTAssertEqual(broken["evidence"] as? [String], expected1)
            let message = try XCTUnwrap(broken["message"] as? String)
            XCTAssertTrue(message.hasPrefix("zipcode 10118 belongs to NY, the request said AZ"), message)

            try await platform.iql(.put, "/iql/v1/driver/d2/info", json: ["country": "USA", "state": "AZ", "zipcode": "00000"])
            let unknown = try await Probe.verdict(platform, "driver:d2", "driver-info-state-matches-zip")
            XCTAssertEqual(unknown["verdict"] as? String, "fail")
            XCTAssertTrue((unknown["message"] as? String)?.hasPrefix("zipcode 00000 is not a US ZIP code") == true)

            try await platform.createDriver("d3")
            let kept = try await Probe.verdict(platform, "driver:d3", "driver-info-state-matches-zip")
            XCTAssertEqual(kept["verdict"] as? String, "pass")
        }
    }

    func testNoDriverInfoForAStateWithoutOffers() async throws {
        try await TestPlatform.run { platform in
            let answer = try await platform.iql(.post, "/iql/v1/supported_state_details", json: ["country_code": "USA", "state_code": "CA", "current_insurer": "Progressive"])
            XCTAssertEqual(try answer.json()["can_receive_offer"] as? Bool, false)
            try await platform.createDriver("d1", state: "CA", zipcode: "94103")
            let broken = try await Probe.verdict(platform, "driver:d1", "driver-info-only-where-offers")
            XCTAssertEqual(broken["verdict"] as? String, "fail")
            let check = try await Probe.requestIDs(platform, path: "/iql/v1/supported_state_details")
            let info = try await Probe.requestIDs(platform, path: "/iql/v1/driver/d1/info")
            XCTAssertEqual(broken["evidence"] as? [String], info + check)
            XCTAssertTrue((broken["message"] as? String)?.contains("said can_receive_offer false") == true)

            try await platform.createDriver("d2")
            let kept = try await Probe.verdict(platform, "driver:d2", "driver-info-only-where-offers")
            XCTAssertEqual(kept["verdict"] as? String, "pass")
        }
    }

    func testTheDriverInfoCarriesTheAcquisitionSource() async throws {
        try await TestPlatform.run { platform in
            try await platform.createDriver("d1")
            let broken = try await Probe.verdict(platform, "driver:d1", "acquisition-source")
            XCTAssertEqual(broken["verdict"] as? String, "fail")
            XCTAssertTrue((broken["message"] as? String)?.hasPrefix("segment.acq_source is missing") == true)
            let withSource = try await platform.iql(
                .put, "/iql/v1/driver/d2/info", json: ["country": "USA", "state": "AZ", "zipcode": "85004", "segment": ["acq_source": "app"]]
            )
            XCTAssertEqual(withSource.status, .ok, withSource.text)
            let kept = try await Probe.verdict(platform, "driver:d2", "acquisition-source")
            XCTAssertEqual(kept["verdict"] as? String, "pass")
        }
    }

    func testTheDeviceTokenComesBeforeTheQualification() async throws {
        try await TestPlatform.run { platform in
            try await Probe.setClock(platform)
            try await platform.createDriver("d1")
            try await Probe.qualify(platform, "d1")
            let broken = try await Probe.verdict(platform, "driver:d1", "token-before-qualification")
            XCTAssertEqual(broken["verdict"] as? String, "fail")
            let expected2 = try await Probe.eventIDs(platform, kind: "qualification")
            XCTAssertEqual(broken["evidence"] as? [String], expected2)
            XCTAssertTrue((broken["message"] as? String)?.hasPrefix("expected a registerDeviceToken request answered 2xx before qualification event for d1") == true)

            try await platform.createDriver("d2")
            let token = try await platform.send(.post, "/publisher/v1/drivers/d2/device_token", json: ["token": String(repeating: "ab", count: 32)])
            XCTAssertEqual(token.status, .ok, token.text)
            try await Probe.qualify(platform, "d2")
            let kept = try await Probe.verdict(platform, "driver:d2", "token-before-qualification")
            XCTAssertEqual(kept["verdict"] as? String, "pass")
            let expected3 = try await Probe.requestIDs(platform, path: "/publisher/v1/drivers/d2/device_token")
            XCTAssertEqual((kept["evidence"] as? [String])?.first, expected3.first)
        }
    }

    func testTheAdUnitFollowsTheOfferWithinTheDeadline() async throws {
        try await TestPlatform.run { platform in
            try await Probe.setClock(platform)
            try await platform.createDriver("d1")
            try await Probe.qualify(platform, "d1")
            let status = try await platform.iql(.get, "/iql/v1/driver/d1/status")
            XCTAssertEqual((try status.json()["metrics"] as? [String: Any])?["offer_available"] as? Bool, true)
            let waiting = try await Probe.verdict(platform, "driver:d1", "ad-unit-after-offer-available")
            XCTAssertEqual(waiting["verdict"] as? String, "pending", "60 s of wall clock are still running")
            let expected4 = try await Probe.requestIDs(platform, path: "/iql/v1/driver/d1/status")
            XCTAssertEqual(waiting["evidence"] as? [String], expected4)

            try await platform.iql(.get, "/iql/v2/ad_unit/d1")
            let kept = try await Probe.verdict(platform, "driver:d1", "ad-unit-after-offer-available")
            XCTAssertEqual(kept["verdict"] as? String, "pass")
        }
    }

    func testAPendingDeadlineFailsWhenItPassesOnTheWallClock() async throws {
        try await TestPlatform.run { platform in
            try await Probe.putGuide(platform, "quick", rule: [
                "subject": "driver", "template": "response", "within": "300ms", "clock": "wall",
                "trigger": ["request": "getDriverStatus", "status": "2xx"], "step": ["request": "getAdUnit"],
            ])
            try await platform.createDriver("d1")
            try await platform.iql(.get, "/iql/v1/driver/d1/status")
            try await platform.iql(.get, "/iql/v2/ad_unit/d2")
            let pending = try Probe.result(try await Probe.report(platform, "?guide=quick&subject=driver:d1"), "driver:d1", "probe")
            XCTAssertEqual(pending["verdict"] as? String, "pending")
            try await Task.sleep(for: .milliseconds(400))
            let failed = try Probe.result(try await Probe.report(platform, "?guide=quick&subject=driver:d1"), "driver:d1", "probe")
            XCTAssertEqual(failed["verdict"] as? String, "fail")
            let status = try await Probe.requestIDs(platform, path: "/iql/v1/driver/d1/status")
            let elsewhere = try await Probe.requestIDs(platform, path: "/iql/v2/ad_unit/d2")
            XCTAssertEqual(failed["evidence"] as? [String], status + elsewhere)
            let message = try XCTUnwrap(failed["message"] as? String)
            XCTAssertTrue(message.contains("expected a getAdUnit request within 300ms"), message)
            XCTAssertTrue(message.contains("the nearest was for another subject: GET /iql/v2/ad_unit/d2"), message)
        }
    }

    func testAPendingDeadlineFailsWhenTheTenantClockPassesIt() async throws {
        try await TestPlatform.run { platform in
            try await Probe.putGuide(platform, "timer", rule: [
                "subject": "driver", "template": "response", "within": "1h", "clock": "tenant",
                "trigger": ["request": "getDriverStatus", "status": "2xx"], "step": ["request": "getAdUnit"],
            ])
            try await Probe.setClock(platform)
            try await platform.createDriver("d1")
            try await platform.iql(.get, "/iql/v1/driver/d1/status")
            let pending = try Probe.result(try await Probe.report(platform, "?guide=timer"), "driver:d1", "probe")
            XCTAssertEqual(pending["verdict"] as? String, "pending")
            try await platform.send(.post, "/_mock/clock", json: ["advance_seconds": 3_601])
            let failed = try Probe.result(try await Probe.report(platform, "?guide=timer"), "driver:d1", "probe")
            XCTAssertEqual(failed["verdict"] as? String, "fail")
            XCTAssertTrue((failed["message"] as? String)?.hasSuffix("; there was none") == true)
        }
    }

    func testDriverStatusReadsAreSpacedFiveMinutesApart() async throws {
        try await TestPlatform.run { platform in
            try await platform.createDriver("d1")
            try await platform.iql(.get, "/iql/v1/driver/d1/status")
            let once = try await Probe.verdict(platform, "driver:d1", "status-refresh-spacing")
            XCTAssertEqual(once["verdict"] as? String, "pass")
            try await platform.iql(.get, "/iql/v1/driver/d1/status")
            let broken = try await Probe.verdict(platform, "driver:d1", "status-refresh-spacing")
            XCTAssertEqual(broken["verdict"] as? String, "fail")
            let expected5 = try await Probe.requestIDs(platform, path: "/iql/v1/driver/d1/status")
            XCTAssertEqual(broken["evidence"] as? [String], expected5)
            XCTAssertTrue((broken["message"] as? String)?.contains("at most once every 5m; two came") == true)
        }
    }

    func testTheClickUsesTheServedTokenAndADecodablePayload() async throws {
        try await TestPlatform.run { platform in
            try await Probe.setClock(platform)
            try await platform.createDriver("d1")
            try await Probe.qualify(platform, "d1")
            let adUnit = try await platform.iql(.get, "/iql/v2/ad_unit/d1").json()["ad_unit"] as? [String: Any]
            let template = try XCTUnwrap(adUnit?["button_click_url"] as? String)
            let path = try XCTUnwrap(template.range(of: "/iql/v3/").map { String(template[$0.lowerBound...]) })
            let good = Base64URL.encode(Data(#"{"first_name":"Ash","last_name":"Ketchum","email_address":"ash@example.com"}"#.utf8))
            let clicked = try await platform.send(.get, path.replacingOccurrences(of: "<payload>", with: good))
            XCTAssertEqual(clicked.status, .found, clicked.text)
            let kept = try await Probe.verdict(platform, "driver:d1", "click-as-served")
            XCTAssertEqual(kept["verdict"] as? String, "pass")

            let bad = try await platform.send(.get, path.replacingOccurrences(of: "<payload>", with: "bm90IGpzb24"))
            XCTAssertEqual(bad.status, .badRequest)
            let broken = try await Probe.verdict(platform, "driver:d1", "click-as-served")
            XCTAssertEqual(broken["verdict"] as? String, "fail")
            XCTAssertTrue((broken["message"] as? String)?.hasPrefix("the click's pl does not decode (URL-safe base64) to a JSON object") == true)
            let adUnitID = try await Probe.requestIDs(platform, path: "/iql/v2/ad_unit/d1")
            XCTAssertEqual((broken["evidence"] as? [String])?.last, adUnitID.first, "the ad unit that served the token")
        }
    }
}
