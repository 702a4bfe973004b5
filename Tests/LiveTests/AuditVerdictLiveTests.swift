import Foundation
import XCTest

/// The verdicts that depend on time and on the logs' caps, against the real binary: a pending
/// deadline on the tenant clock fails when the clock passes it, and a step the journal gave up
/// to its cap makes a rule inconclusive, not failed. (The wall clock's deadlines run out in
/// `AuditDeadlineLiveTests`.)
final class AuditVerdictLiveTests: XCTestCase {
    private typealias Probe = AuditLiveProbe

    func testAPendingDeadlineOnTheTenantClockFailsWhenTheClockPassesIt() async throws {
        let server = try LiveServer()
        let guide = #"""
        {"version": "1", "title": "Timer", "rules": [{"id": "ad-unit-within-an-hour", "guide_section": "test", "severity": "must",
         "applies_to": "app", "doc": "The ad unit within an hour of tenant time.", "subject": "driver", "template": "response",
         "within": "1h", "clock": "tenant", "trigger": {"request": "getDriverStatus", "status": "2xx"}, "step": {"request": "getAdUnit"}}]}
        """#
        try await Probe.send(server, 201, "PUT", "/_mock/audit/guides/timer", headers: Probe.json, body: guide)
        try await Probe.setClock(server)
        try await Probe.createDriver(server, "d1")
        try await Probe.send(server, 200, "GET", "/iql/v1/driver/d1/status", headers: Probe.key)
        let status = try await Probe.requestIDs(server, path: "/iql/v1/driver/d1/status")

        let pending = try Probe.result(try await Probe.report(server, "?guide=timer"), "driver:d1", "ad-unit-within-an-hour")
        XCTAssertEqual(pending["verdict"] as? String, "pending")
        XCTAssertEqual(pending["evidence"] as? [String], status)
        XCTAssertTrue((pending["message"] as? String)?.contains("(tenant clock)") == true, "\(pending["message"] ?? "")")

        try await Probe.send(server, 200, "POST", "/_mock/clock", headers: Probe.json, body: #"{"advance_seconds": 3601}"#)
        let failed = try Probe.result(try await Probe.report(server, "?guide=timer"), "driver:d1", "ad-unit-within-an-hour")
        XCTAssertEqual(failed["verdict"] as? String, "fail")
        XCTAssertEqual(failed["evidence"] as? [String], status)
        let message = try XCTUnwrap(failed["message"] as? String)
        XCTAssertTrue(message.hasPrefix("expected a getAdUnit request within 1h of GET /iql/v1/driver/d1/status answered 200"), message)
        XCTAssertTrue(message.hasSuffix("; there was none"), message)
        XCTAssertEqual(try server.stop(), 0)
    }

    func testAStepTheJournalGaveUpToItsCapIsInconclusive() async throws {
        let server = try LiveServer(arguments: ["--port", "0", "--journal-size", "2"])
        try await Probe.send(server, 200, "POST", "/iql/v1/supported_state_details", headers: Probe.key,
                             body: #"{"country_code":"USA","state_code":"AZ","current_insurer":"Progressive"}"#)
        try await Probe.createDriver(server, "d1")
        try await Probe.send(server, 200, "GET", "/iql/v1/locations", headers: Probe.key)
        let report = try await Probe.report(server, "?subject=driver:d1")
        XCTAssertEqual((report["run"] as? [String: Any])?["truncated"] as? [String], ["request"])
        let result = try Probe.result(report, "driver:d1", "state-check-before-driver-info")
        XCTAssertEqual(result["verdict"] as? String, "inconclusive", "the state check is among the requests the journal dropped")
        let info = try await Probe.requestIDs(server, path: "/iql/v1/driver/d1/info")
        XCTAssertEqual(result["evidence"] as? [String], info)
        let message = try XCTUnwrap(result["message"] as? String)
        XCTAssertTrue(message.contains("the logs, which no longer hold the run's start"), message)
        XCTAssertEqual(try server.stop(), 0)
    }
}
