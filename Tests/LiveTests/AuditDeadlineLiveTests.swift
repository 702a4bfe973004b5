import Foundation
import XCTest

/// The built-in guides' `response` rules, whose 60 s deadlines run on the wall clock
/// (`ad-unit-after-offer-available`, `retry-after-error`, `pass-refetched-after-update`), broken
/// against the real binary by an app that never answers what triggered them: `pending` while the
/// minute runs, then `fail` naming the trigger and what was expected. The three share one server
/// and one minute; their kept sides are in `AuditIQLRuleLiveTests` and `AuditAppRuleLiveTests`.
final class AuditDeadlineLiveTests: XCTestCase {
    private typealias Probe = AuditLiveProbe

    func testAnAppThatIgnoresAnOfferAPassUpdateAndAnErrorForAMinuteFails() async throws {
        let server = try LiveServer()
        try await Probe.setClock(server)
        try await Probe.createDriver(server, "d1")
        try await Probe.qualify(server, "d1")
        let status = try await Probe.send(server, 200, "GET", "/iql/v1/driver/d1/status", headers: Probe.key)
        XCTAssertEqual((try status.json()["metrics"] as? [String: Any])?["offer_available"] as? Bool, true)
        try await Probe.registerPass(server, device: "device-1")
        try await Probe.send(server, 200, "POST", "/loyalty/v1/rewards/rw-2off/apply", headers: Probe.gold)
        try await Probe.send(server, 201, "POST", "/_mock/faults", headers: Probe.json,
                             body: #"{"operation_id":"getLoyaltySummary","status":503,"times":1}"#)
        try await Probe.send(server, 503, "GET", "/loyalty/v1/summary", headers: Probe.gold)

        let offers = try await Probe.requestIDs(server, path: "/iql/v1/driver/d1/status")
        let updates = try await Probe.pushIDs(server, "?kind=wallet_pass_update")
        let errors = try await Probe.requestIDs(server, path: "/loyalty/v1/summary")
        let offer = try XCTUnwrap(offers.first), push = try XCTUnwrap(updates.first), error = try XCTUnwrap(errors.first)
        let rules: [(subject: String, rule: String, trigger: String, message: String)] = [
            ("driver:d1", "ad-unit-after-offer-available", offer,
             "expected a getAdUnit request answered 2xx within 60s of GET /iql/v1/driver/d1/status answered 200 (\(offer)); there was none"),
            ("member:member-gold", "retry-after-error", error,
             "expected a loyalty API request within 60s of GET /loyalty/v1/summary answered 503 (\(error)); there was none"),
            ("member:member-gold", "pass-refetched-after-update", push,
             "expected a listUpdatablePasses request or a getLatestPass request within 60s of wallet_pass_update push to "
                 + "\(Probe.pushToken.prefix(16)) (\(push)); there was none"),
        ]

        let started = Date()
        let first = try await Probe.report(server)
        for rule in rules {
            let verdict = try Probe.result(first, rule.subject, rule.rule)
            XCTAssertEqual(verdict["verdict"] as? String, "pending", "\(rule.rule): the minute has just begun")
            XCTAssertEqual(verdict["evidence"] as? [String], [rule.trigger], rule.rule)
        }
        var verdicts: [[String: Any]] = []
        repeat {
            try await Task.sleep(for: .seconds(1))
            let report = try await Probe.report(server)
            verdicts = try rules.map { try Probe.result(report, $0.subject, $0.rule) }
        } while verdicts.contains(where: { $0["verdict"] as? String == "pending" }) && Date().timeIntervalSince(started) < 90
        XCTAssertGreaterThan(Date().timeIntervalSince(started), 55, "no verdict turns before its minute has passed")

        for (rule, verdict) in zip(rules, verdicts) {
            XCTAssertEqual(verdict["verdict"] as? String, "fail", rule.rule)
            XCTAssertEqual(verdict["evidence"] as? [String], [rule.trigger], "\(rule.rule): the trigger nothing answered")
            XCTAssertEqual(verdict["message"] as? String, rule.message)
        }
        XCTAssertEqual(try server.stop(), 0)
    }
}
