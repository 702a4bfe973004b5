import Foundation
import XCTest

/// The loyalty, campaigns and pushes guides' rules (`docs/audit.md`) against the real binary:
/// for each, an app over HTTP that keeps it and one that breaks it, and what the audit says of
/// them. The deadlines of `retry-after-error` and `pass-refetched-after-update` run out in
/// `AuditDeadlineLiveTests`.
final class AuditAppRuleLiveTests: XCTestCase {
    private typealias Probe = AuditLiveProbe
    private let gold = AuditLiveProbe.gold
    private let json = AuditLiveProbe.json

    func testALoyaltySummaryBeforeTheAccountContentFails() async throws {
        let server = try LiveServer()
        try await Probe.send(server, 200, "GET", "/loyalty/v1/summary", headers: gold)
        let broken = try await Probe.verdict(server, "member:member-gold", "content-before-loyalty")
        XCTAssertEqual(broken["verdict"] as? String, "fail")
        let summary = try await Probe.requestIDs(server, path: "/loyalty/v1/summary")
        XCTAssertEqual(broken["evidence"] as? [String], summary)
        let message = try XCTUnwrap(broken["message"] as? String)
        XCTAssertTrue(message.hasPrefix("expected a getAccountContent request answered 2xx before GET /loyalty/v1/summary"), message)

        try await Probe.send(server, 200, "GET", "/account/v1/content", headers: gold)
        let content = try await Probe.requestIDs(server, path: "/account/v1/content")[0]
        try await Probe.send(server, 200, "GET", "/loyalty/v1/summary", headers: gold)
        let run = try await Probe.report(server, "?since=\(content)&subject=member:member-gold")
        let kept = try Probe.result(run, "member:member-gold", "content-before-loyalty")
        XCTAssertEqual(kept["verdict"] as? String, "pass", "the run since the content request")
        XCTAssertEqual(try server.stop(), 0)
    }

    func testALoyaltyErrorRetriedKeepsTheDeadline() async throws {
        let server = try LiveServer()
        try await Probe.send(server, 201, "POST", "/_mock/faults", headers: json, body: #"{"operation_id":"getLoyaltySummary","status":503,"times":1}"#)
        try await Probe.send(server, 503, "GET", "/loyalty/v1/summary", headers: gold)
        let waiting = try await Probe.verdict(server, "member:member-gold", "retry-after-error")
        XCTAssertEqual(waiting["verdict"] as? String, "pending")
        try await Probe.send(server, 200, "GET", "/account/v1/content", headers: gold)
        let other = try await Probe.verdict(server, "member:member-gold", "retry-after-error")
        XCTAssertEqual(other["verdict"] as? String, "pending", "another loyalty call is no retry of the summary")
        try await Probe.send(server, 200, "GET", "/loyalty/v1/summary", headers: gold)
        let kept = try await Probe.verdict(server, "member:member-gold", "retry-after-error")
        XCTAssertEqual(kept["verdict"] as? String, "pass")
        let summaries = try await Probe.requestIDs(server, path: "/loyalty/v1/summary")
        XCTAssertEqual(kept["evidence"] as? [String], summaries, "the error, then its retry")
        XCTAssertEqual(try server.stop(), 0)
    }

    func testAPassOfATypeTheTenantDoesNotSignFails() async throws {
        let server = try LiveServer()
        let pass = "/loyalty/v1/wallet-pass?passId=\(Probe.passType)"
        try await Probe.send(server, 200, "GET", pass, headers: gold)
        let kept = try await Probe.verdict(server, "member:member-gold", "pass-id-configured")
        XCTAssertEqual(kept["verdict"] as? String, "pass")

        try await Probe.send(server, 200, "PATCH", "/_mock/config", headers: json, body: #"{"wallet_pass_type_id":"pass.com.poqstudio.demo.loyaltycard"}"#)
        try await Probe.send(server, 400, "GET", pass, headers: gold)
        let broken = try await Probe.verdict(server, "member:member-gold", "pass-id-configured")
        XCTAssertEqual(broken["verdict"] as? String, "fail")
        let requests = try await Probe.requestIDs(server, path: "/loyalty/v1/wallet-pass")
        XCTAssertEqual(requests.count, 2)
        XCTAssertEqual(broken["evidence"] as? [String], [requests[0]], "the first request naming the type the tenant no longer signs")
        XCTAssertEqual(broken["message"] as? String,
                       "the request named pass type \(Probe.passType); the tenant signs for pass.com.poqstudio.demo.loyaltycard: "
                           + "GET /loyalty/v1/wallet-pass answered 200 (\(requests[0]))")
        XCTAssertEqual(try server.stop(), 0)
    }

    func testTheDeviceAsksForTheUpdatedPassAfterTheUpdatePush() async throws {
        let server = try LiveServer()
        try await Probe.registerPass(server, device: "device-1")
        try await Probe.send(server, 200, "POST", "/loyalty/v1/rewards/rw-2off/apply", headers: gold)
        let updates = try await Probe.pushIDs(server, "?kind=wallet_pass_update")
        let push = try XCTUnwrap(updates.first)
        let waiting = try await Probe.verdict(server, "member:member-gold", "pass-refetched-after-update")
        XCTAssertEqual(waiting["verdict"] as? String, "pending")
        XCTAssertEqual(waiting["evidence"] as? [String], [push])

        let list = "/wallet/v1/devices/device-1/registrations/\(Probe.passType)"
        try await Probe.send(server, 200, "GET", list)
        let kept = try await Probe.verdict(server, "member:member-gold", "pass-refetched-after-update")
        XCTAssertEqual(kept["verdict"] as? String, "pass", "the device's list is the member's: its registration says whose pass")
        let listed = try await Probe.requestIDs(server, path: list)
        XCTAssertEqual(kept["evidence"] as? [String], [push] + listed)

        let timeline = try await Probe.send(server, 200, "GET", "/_mock/timeline?subject=member:member-gold").json()
        let items = timeline["items"] as? [[String: Any]] ?? []
        let apply = try await Probe.requestIDs(server, path: "/loyalty/v1/rewards/rw-2off/apply")
        let pushItem = try XCTUnwrap(items.first { $0["id"] as? String == push })
        XCTAssertEqual(pushItem["caused_by"] as? [String], apply, "the reward apply caused the pass update push")
        XCTAssertEqual(try server.stop(), 0)
    }

    func testOneAppUsingTwoClientUUIDsFails() async throws {
        let server = try LiveServer()
        let app = ["Authorization": "Bearer app"]
        try await Probe.send(server, 200, "GET", "/campaign-backend/campaign/IOS/get-pushes/c1", headers: app)
        let kept = try await Probe.verdict(server, "client:c1", "one-client-uuid")
        XCTAssertEqual(kept["verdict"] as? String, "pass")
        try await Probe.send(server, 200, "GET", "/campaign-backend/campaign/IOS/get-banners/c2", headers: app)
        let broken = try await Probe.verdict(server, "client:c1", "one-client-uuid")
        XCTAssertEqual(broken["verdict"] as? String, "fail")
        let pushes = try await Probe.requestIDs(server, path: "/campaign-backend/campaign/IOS/get-pushes/c1")
        let banners = try await Probe.requestIDs(server, path: "/campaign-backend/campaign/IOS/get-banners/c2")
        XCTAssertEqual(broken["evidence"] as? [String], pushes + banners, "c1's call, then the same app's call as c2")
        let message = try XCTUnwrap(broken["message"] as? String)
        XCTAssertTrue(message.hasPrefix("one app (the same Authorization) used client UUIDs c1 and c2"), message)
        XCTAssertEqual(try server.stop(), 0)
    }

    func testAPushTheReferenceAppTrapsOnFails() async throws {
        let server = try LiveServer()
        let token = "a3f1c2d4e5f60718293a4b5c6d7e8f90a1b2c3d4e5f60718293a4b5c6d7e8f90"
        try await Probe.send(server, 200, "POST", "/publisher/v1/drivers/d1/device_token", headers: json, body: #"{"token":"\#(token)","platform":"ios"}"#)
        try await sendCampaign(server, payload: #"{"aps":{"content-available":1},"data":{"type":"offers"}}"#, to: "d1")
        let kept = try await Probe.verdict(server, "driver:d1", "readable-by-reference-app")
        XCTAssertEqual(kept["verdict"] as? String, "pass")

        try await sendCampaign(server, payload: #"{"aps":{"content-available":1},"data":{"screen":"offers"}}"#, to: "d1")
        let broken = try await Probe.verdict(server, "driver:d1", "readable-by-reference-app")
        XCTAssertEqual(broken["verdict"] as? String, "fail")
        let pushes = try await Probe.pushIDs(server)
        XCTAssertEqual(pushes.count, 2)
        XCTAssertEqual(broken["evidence"] as? [String], [try XCTUnwrap(pushes.last)], "the push whose data has no type")
        let message = try XCTUnwrap(broken["message"] as? String)
        XCTAssertTrue(message.contains(#"data["type"] as! String"#), message)
        XCTAssertEqual(try server.stop(), 0)
    }

    /// Makes a campaign of `payload` and sends it to `driver`, as an operator's console does.
    private func sendCampaign(_ server: LiveServer, payload: String, to driver: String) async throws {
        let campaign = try await Probe.send(server, 201, "POST", "/_mock/campaigns", headers: json, body: #"{"payload":\#(payload)}"#)
        let id = try XCTUnwrap(try campaign.json()["id"] as? String)
        try await Probe.send(server, 202, "POST", "/_mock/campaigns/\(id)/send", headers: json, body: #"{"driver_ids":["\#(driver)"]}"#)
    }
}
