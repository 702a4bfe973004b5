import Foundation
import XCTest

/// The IQL guides' rules (`iql-onboarding`, `iql-offer`, `iql-backend`; `docs/audit.md`) against
/// the real binary: for each, a client over HTTP that keeps it and one that breaks it, and what
/// the audit says of them (the verdict, the evidence ids, what the message says was expected).
/// The deadline of `ad-unit-after-offer-available` runs out in `AuditDeadlineLiveTests`.
final class AuditIQLRuleLiveTests: XCTestCase {
    private typealias Probe = AuditLiveProbe
    private let key = AuditLiveProbe.key
    private let json = AuditLiveProbe.json

    func testADriverInfoWithoutAStateCheckForItsStateFailsTheOnboarding() async throws {
        let server = try LiveServer()
        try await Probe.send(server, 200, "POST", "/iql/v1/supported_state_details", headers: key,
                             body: #"{"country_code":"USA","state_code":"NY","current_insurer":"Progressive"}"#)
        try await Probe.createDriver(server, "d1")
        let broken = try await Probe.verdict(server, "driver:d1", "state-check-before-driver-info")
        XCTAssertEqual(broken["verdict"] as? String, "fail")
        let check = try await Probe.requestIDs(server, path: "/iql/v1/supported_state_details")
        let info = try await Probe.requestIDs(server, path: "/iql/v1/driver/d1/info")
        XCTAssertEqual(broken["evidence"] as? [String], [info[0], check[0]], "the step, then the nearest miss")
        let message = try XCTUnwrap(broken["message"] as? String)
        XCTAssertTrue(message.contains("expected a postSupportedStateDetails request answered 2xx before"), message)
        XCTAssertTrue(message.contains("state_code NY"), "the nearest miss names its state: \(message)")

        try await Probe.send(server, 200, "POST", "/iql/v1/supported_state_details", headers: key,
                             body: #"{"country_code":"USA","state_code":"AZ","current_insurer":"Progressive"}"#)
        try await Probe.createDriver(server, "d2")
        let kept = try await Probe.verdict(server, "driver:d2", "state-check-before-driver-info")
        XCTAssertEqual(kept["verdict"] as? String, "pass")
        let azCheck = try await Probe.requestIDs(server, path: "/iql/v1/supported_state_details")[1]
        let d2 = try await Probe.requestIDs(server, path: "/iql/v1/driver/d2/info")[0]
        XCTAssertEqual(kept["evidence"] as? [String], [azCheck, d2], "a tenant-wide check counts for the driver whose state it names")
        XCTAssertEqual(try server.stop(), 0)
    }

    func testAZipcodeOfAnotherStateOrNoneFailsTheDriverInfo() async throws {
        let server = try LiveServer()
        try await Probe.send(server, 400, "PUT", "/iql/v1/driver/d1/info", headers: key, body: #"{"country":"USA","state":"AZ","zipcode":"10118"}"#)
        let broken = try await Probe.verdict(server, "driver:d1", "driver-info-state-matches-zip")
        XCTAssertEqual(broken["verdict"] as? String, "fail")
        let refused = try await Probe.requestIDs(server, path: "/iql/v1/driver/d1/info")
        XCTAssertEqual(broken["evidence"] as? [String], refused)
        let message = try XCTUnwrap(broken["message"] as? String)
        XCTAssertTrue(message.hasPrefix("zipcode 10118 belongs to NY, the request said AZ"), message)

        _ = try await server.request("PUT", "/iql/v1/driver/d2/info", headers: key, body: #"{"country":"USA","state":"AZ","zipcode":"00000"}"#)
        let unknown = try await Probe.verdict(server, "driver:d2", "driver-info-state-matches-zip")
        XCTAssertEqual(unknown["verdict"] as? String, "fail")
        let d2 = try await Probe.requestIDs(server, path: "/iql/v1/driver/d2/info")
        XCTAssertEqual(unknown["evidence"] as? [String], d2)
        let unknownMessage = try XCTUnwrap(unknown["message"] as? String)
        XCTAssertTrue(unknownMessage.hasPrefix("zipcode 00000 is not a US ZIP code"), unknownMessage)

        try await Probe.createDriver(server, "d3")
        let kept = try await Probe.verdict(server, "driver:d3", "driver-info-state-matches-zip")
        XCTAssertEqual(kept["verdict"] as? String, "pass")
        XCTAssertEqual(try server.stop(), 0)
    }

    func testADriverInfoForAStateWithoutOffersFails() async throws {
        let server = try LiveServer()
        let answer = try await Probe.send(server, 200, "POST", "/iql/v1/supported_state_details", headers: key,
                                          body: #"{"country_code":"USA","state_code":"CA","current_insurer":"Progressive"}"#)
        XCTAssertEqual(try answer.json()["can_receive_offer"] as? Bool, false)
        try await Probe.createDriver(server, "d1", state: "CA", zipcode: "94103")
        let broken = try await Probe.verdict(server, "driver:d1", "driver-info-only-where-offers")
        XCTAssertEqual(broken["verdict"] as? String, "fail")
        let check = try await Probe.requestIDs(server, path: "/iql/v1/supported_state_details")
        let info = try await Probe.requestIDs(server, path: "/iql/v1/driver/d1/info")
        XCTAssertEqual(broken["evidence"] as? [String], info + check, "the driver info, then the answer that said no offers")
        let message = try XCTUnwrap(broken["message"] as? String)
        XCTAssertTrue(message.contains("said can_receive_offer false"), message)

        try await Probe.createDriver(server, "d2")
        let kept = try await Probe.verdict(server, "driver:d2", "driver-info-only-where-offers")
        XCTAssertEqual(kept["verdict"] as? String, "pass")
        XCTAssertEqual(try server.stop(), 0)
    }

    func testADriverInfoWithoutTheAcquisitionSourceFails() async throws {
        let server = try LiveServer()
        try await Probe.createDriver(server, "d1")
        let broken = try await Probe.verdict(server, "driver:d1", "acquisition-source")
        XCTAssertEqual(broken["verdict"] as? String, "fail")
        let info = try await Probe.requestIDs(server, path: "/iql/v1/driver/d1/info")
        XCTAssertEqual(broken["evidence"] as? [String], info)
        let message = try XCTUnwrap(broken["message"] as? String)
        XCTAssertTrue(message.hasPrefix("segment.acq_source is missing"), message)

        try await Probe.send(server, 200, "PUT", "/iql/v1/driver/d2/info", headers: key,
                             body: #"{"country":"USA","state":"AZ","zipcode":"85004","segment":{"acq_source":"app"}}"#)
        let kept = try await Probe.verdict(server, "driver:d2", "acquisition-source")
        XCTAssertEqual(kept["verdict"] as? String, "pass")
        XCTAssertEqual(try server.stop(), 0)
    }

    func testAQualificationBeforeTheDeviceTokenFails() async throws {
        let server = try LiveServer()
        try await Probe.setClock(server)
        try await Probe.createDriver(server, "d1")
        try await Probe.qualify(server, "d1")
        let broken = try await Probe.verdict(server, "driver:d1", "token-before-qualification")
        XCTAssertEqual(broken["verdict"] as? String, "fail")
        let qualification = try await Probe.eventIDs(server, kind: "qualification")
        XCTAssertEqual(broken["evidence"] as? [String], qualification)
        let message = try XCTUnwrap(broken["message"] as? String)
        XCTAssertTrue(message.hasPrefix("expected a registerDeviceToken request answered 2xx before qualification event for d1"), message)

        try await Probe.createDriver(server, "d2")
        try await Probe.send(server, 200, "POST", "/publisher/v1/drivers/d2/device_token", headers: json,
                             body: #"{"token":"\#(String(repeating: "ab", count: 32))"}"#)
        try await Probe.qualify(server, "d2")
        let kept = try await Probe.verdict(server, "driver:d2", "token-before-qualification")
        XCTAssertEqual(kept["verdict"] as? String, "pass")
        let token = try await Probe.requestIDs(server, path: "/publisher/v1/drivers/d2/device_token")
        XCTAssertEqual((kept["evidence"] as? [String])?.first, token.first)
        XCTAssertEqual(try server.stop(), 0)
    }

    func testTheAdUnitFetchedAfterTheOfferKeepsTheDeadline() async throws {
        let server = try LiveServer()
        try await Probe.setClock(server)
        try await Probe.createDriver(server, "d1")
        try await Probe.qualify(server, "d1")
        let status = try await Probe.send(server, 200, "GET", "/iql/v1/driver/d1/status", headers: key)
        XCTAssertEqual((try status.json()["metrics"] as? [String: Any])?["offer_available"] as? Bool, true)
        let waiting = try await Probe.verdict(server, "driver:d1", "ad-unit-after-offer-available")
        XCTAssertEqual(waiting["verdict"] as? String, "pending", "60 s of wall clock are still running")
        let statusIDs = try await Probe.requestIDs(server, path: "/iql/v1/driver/d1/status")
        XCTAssertEqual(waiting["evidence"] as? [String], statusIDs)

        try await Probe.send(server, 200, "GET", "/iql/v2/ad_unit/d1", headers: key)
        let kept = try await Probe.verdict(server, "driver:d1", "ad-unit-after-offer-available")
        XCTAssertEqual(kept["verdict"] as? String, "pass")
        let adUnit = try await Probe.requestIDs(server, path: "/iql/v2/ad_unit/d1")
        XCTAssertEqual(kept["evidence"] as? [String], statusIDs + adUnit, "the offer, then the ad unit that followed it")
        XCTAssertEqual(try server.stop(), 0)
    }

    func testTwoDriverStatusReadsWithinFiveMinutesFail() async throws {
        let server = try LiveServer()
        try await Probe.createDriver(server, "d1")
        try await Probe.send(server, 200, "GET", "/iql/v1/driver/d1/status", headers: key)
        let once = try await Probe.verdict(server, "driver:d1", "status-refresh-spacing")
        XCTAssertEqual(once["verdict"] as? String, "pass")
        try await Probe.send(server, 200, "GET", "/iql/v1/driver/d1/status", headers: key)
        let broken = try await Probe.verdict(server, "driver:d1", "status-refresh-spacing")
        XCTAssertEqual(broken["verdict"] as? String, "fail")
        let reads = try await Probe.requestIDs(server, path: "/iql/v1/driver/d1/status")
        XCTAssertEqual(broken["evidence"] as? [String], reads)
        let message = try XCTUnwrap(broken["message"] as? String)
        XCTAssertTrue(message.contains("at most once every 5m; two came"), message)
        XCTAssertEqual(try server.stop(), 0)
    }

    func testAClickWithAnUndecodablePayloadFails() async throws {
        let server = try LiveServer()
        try await Probe.setClock(server)
        try await Probe.createDriver(server, "d1")
        try await Probe.qualify(server, "d1")
        let adUnit = try await Probe.send(server, 200, "GET", "/iql/v2/ad_unit/d1", headers: key)
        let template = try XCTUnwrap((try adUnit.json()["ad_unit"] as? [String: Any])?["button_click_url"] as? String)
        let good = Probe.clickPayload(#"{"first_name":"Ash","last_name":"Ketchum","email_address":"ash@example.com"}"#)
        try await Probe.send(server, 302, "GET", template.replacingOccurrences(of: "<payload>", with: good))
        let kept = try await Probe.verdict(server, "driver:d1", "click-as-served")
        XCTAssertEqual(kept["verdict"] as? String, "pass")

        try await Probe.send(server, 400, "GET", template.replacingOccurrences(of: "<payload>", with: "bm90IGpzb24"))
        let broken = try await Probe.verdict(server, "driver:d1", "click-as-served")
        XCTAssertEqual(broken["verdict"] as? String, "fail")
        let message = try XCTUnwrap(broken["message"] as? String)
        XCTAssertTrue(message.hasPrefix("the click's pl does not decode (URL-safe base64) to a JSON object"), message)
        let clickPath = try XCTUnwrap(URL(string: template.replacingOccurrences(of: "<payload>", with: "x"))?.path)
        let clicks = try await Probe.requestIDs(server, path: clickPath)
        let adUnitID = try await Probe.requestIDs(server, path: "/iql/v2/ad_unit/d1")
        XCTAssertEqual(broken["evidence"] as? [String], [try XCTUnwrap(clicks.last)] + adUnitID, "the bad click, then the ad unit that served its token")
        XCTAssertEqual(try server.stop(), 0)
    }

    func testAQualificationBeforeAnyWebhookEndpointFailsTheBackend() async throws {
        let broken = try LiveServer()
        try await Probe.setClock(broken)
        try await Probe.createDriver(broken, "d1")
        try await Probe.qualify(broken, "d1")
        let verdict = try await Probe.verdict(broken, "backend", "webhook-before-first-event")
        XCTAssertEqual(verdict["verdict"] as? String, "fail")
        let qualification = try await Probe.eventIDs(broken, kind: "qualification")
        XCTAssertEqual(verdict["evidence"] as? [String], qualification)
        let message = try XCTUnwrap(verdict["message"] as? String)
        XCTAssertTrue(message.hasPrefix("expected a createWebhookEndpoint request answered 2xx before qualification event for d1"), message)
        XCTAssertEqual(try broken.stop(), 0)

        let kept = try LiveServer()
        try await Probe.setClock(kept)
        try await Probe.send(kept, 201, "POST", "/_mock/webhooks/endpoints", headers: json, body: #"{"url":"http://127.0.0.1:9/hook"}"#)
        try await Probe.createDriver(kept, "d1")
        try await Probe.qualify(kept, "d1")
        let keptVerdict = try await Probe.verdict(kept, "backend", "webhook-before-first-event")
        XCTAssertEqual(keptVerdict["verdict"] as? String, "pass")
        XCTAssertEqual(try kept.stop(), 0)
    }

    func testAWebhookAttemptNobodyAnswersFailsTheBackend() async throws {
        let server = try LiveServer()
        try await Probe.setClock(server)
        try await Probe.send(server, 201, "POST", "/_mock/webhooks/endpoints", headers: json,
                             body: #"{"url":"http://127.0.0.1:9/hook","events":["qualification"]}"#)
        try await Probe.createDriver(server, "d1")
        try await Probe.qualify(server, "d1")
        var verdict: [String: Any] = [:]
        for _ in 0..<100 {
            verdict = try await Probe.verdict(server, "backend", "webhook-answered")
            if verdict["verdict"] as? String != "not_exercised" { break }
            try await Task.sleep(for: .milliseconds(100))
        }
        XCTAssertEqual(verdict["verdict"] as? String, "fail")
        let message = try XCTUnwrap(verdict["message"] as? String)
        XCTAssertTrue(message.hasPrefix("the receiver gave no answer"), message)
        let messages = try await Probe.send(server, 200, "GET", "/_mock/webhooks/messages").json()["messages"] as? [[String: Any]] ?? []
        let id = try XCTUnwrap(messages.first?["id"] as? String)
        XCTAssertEqual(verdict["evidence"] as? [String], ["\(id)#1"], "the message id and the attempt's number")
        let driver = try await Probe.verdict(server, "driver:d1", "token-before-qualification")
        XCTAssertEqual(driver["verdict"] as? String, "fail", "the attempt is the driver's too, and does not hide its rules")
        XCTAssertEqual(try server.stop(), 0)
    }

    func testAnIQLRequestWithoutTheKeyFailsTheBackend() async throws {
        let server = try LiveServer()
        try await Probe.createDriver(server, "d1")
        let kept = try await Probe.verdict(server, "backend", "api-key-always")
        XCTAssertEqual(kept["verdict"] as? String, "pass")
        try await Probe.send(server, 401, "GET", "/iql/v1/driver/d1/status")
        let broken = try await Probe.verdict(server, "backend", "api-key-always")
        XCTAssertEqual(broken["verdict"] as? String, "fail")
        let refused = try await Probe.requestIDs(server, path: "/iql/v1/driver/d1/status")
        XCTAssertEqual(broken["evidence"] as? [String], refused)
        let message = try XCTUnwrap(broken["message"] as? String)
        XCTAssertTrue(message.hasPrefix("answered 401"), message)
        let report = try await Probe.report(server)
        let errors = report["client_errors"] as? [[String: Any]] ?? []
        XCTAssertEqual(errors.first?["operation"] as? String, "getDriverStatus")
        XCTAssertEqual(errors.first?["status"] as? Int, 401)
        XCTAssertEqual(errors.first?["message"] as? String, "missing api key")
        XCTAssertEqual(errors.first?["first"] as? String, refused.first, "the group names the refused request")
        XCTAssertEqual(try server.stop(), 0)
    }
}
