import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import XCTest

/// The audit against the real binary, as a CI job uses it: an app and its backend walk the
/// guides' flows through URLSession, then `mock-platform audit` reports, exits by `--fail-on`
/// and writes JUnit that Python's `xml.etree` and `junitparser` read.
final class AuditLiveTests: XCTestCase {
    private typealias Probe = AuditLiveProbe
    private let key = AuditLiveProbe.key
    private let json = AuditLiveProbe.json
    private let gold = AuditLiveProbe.gold

    /// A webhook receiver answering 204 to every POST, on a free loopback port.
    private static func receiver() async throws -> (process: Process, url: String) {
        let placeholder = try LiveServer()
        let port = try XCTUnwrap(placeholder.baseURL.port)
        _ = try placeholder.stop()
        // The test runner's blocked SIGTERM is inherited: unblock it, and end after two minutes
        // whatever happens, so that no receiver outlives its test.
        let script = """
        import http.server, os, signal, threading
        signal.pthread_sigmask(signal.SIG_UNBLOCK, [signal.SIGTERM])
        signal.signal(signal.SIGTERM, signal.SIG_DFL)
        threading.Timer(120, os._exit, [0]).start()
        class Hook(http.server.BaseHTTPRequestHandler):
            def do_POST(self):
                self.rfile.read(int(self.headers.get('Content-Length') or 0))
                self.send_response(204); self.end_headers()
            def do_GET(self):
                self.send_response(200); self.end_headers()
            def log_message(self, *args): pass
        http.server.HTTPServer(('127.0.0.1', \(port)), Hook).serve_forever()
        """
        let process = Process()
        process.executableURL = try python()
        process.arguments = ["-c", script]
        // Not the test's own output: a child holding it open keeps `swift test` waiting.
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let url = try XCTUnwrap(URL(string: "http://127.0.0.1:\(port)/"))
        for _ in 0..<200 {
            if (try? await URLSession.shared.data(from: url)) != nil { return (process, "http://127.0.0.1:\(port)/hook") }
            try await Task.sleep(for: .milliseconds(50))
        }
        process.terminate()
        throw LiveServerError("the webhook receiver did not start on \(port)")
    }

    /// The Python interpreter itself, not a version manager's shim that forks it (terminating
    /// the shim would leave the receiver running).
    private static func python() throws -> URL {
        let finder = Process()
        finder.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        finder.arguments = ["python3", "-c", "import sys; print(sys.executable)"]
        let output = Pipe()
        finder.standardOutput = output
        try finder.run()
        finder.waitUntilExit()
        let path = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        return URL(fileURLWithPath: path)
    }

    /// The guides' flows as a compliant app and backend walk them, for driver `driver`.
    private func walkCompliantly(_ server: LiveServer, driver: String, hook: String) async throws {
        try await Probe.setClock(server)
        try await Probe.send(server, 201, "POST", "/_mock/webhooks/endpoints", headers: json, body: #"{"url":"\#(hook)"}"#)
        try await Probe.send(server, 200, "POST", "/iql/v1/supported_state_details", headers: key,
                             body: #"{"country_code":"USA","state_code":"AZ","current_insurer":"Progressive"}"#)
        try await Probe.send(server, 200, "PUT", "/iql/v1/driver/\(driver)/info", headers: key,
                             body: #"{"country":"USA","state":"AZ","zipcode":"85004","segment":{"acq_source":"app"}}"#)
        try await Probe.send(server, 200, "POST", "/publisher/v1/drivers/\(driver)/device_token", headers: json,
                             body: #"{"token":"\#(String(repeating: "ab", count: 32))"}"#)
        try await Probe.qualify(server, driver)
        let status = try await Probe.send(server, 200, "GET", "/iql/v1/driver/\(driver)/status", headers: key)
        XCTAssertEqual((try status.json()["metrics"] as? [String: Any])?["offer_available"] as? Bool, true)
        let adUnit = try await Probe.send(server, 200, "GET", "/iql/v2/ad_unit/\(driver)", headers: key)
        let template = try XCTUnwrap((try adUnit.json()["ad_unit"] as? [String: Any])?["button_click_url"] as? String)
        let pl = Probe.clickPayload(#"{"first_name":"Ash","last_name":"Ketchum","email_address":"ash@example.com"}"#)
        try await Probe.send(server, 302, "GET", template.replacingOccurrences(of: "<payload>", with: pl))
        try await Probe.send(server, 200, "GET", "/account/v1/content", headers: gold)
        try await Probe.send(server, 200, "GET", "/loyalty/v1/summary", headers: gold)
        try await Probe.send(server, 200, "GET", "/loyalty/v1/wallet-pass?passId=pass.com.example.mock.loyalty", headers: gold)
        try await Probe.send(server, 200, "GET", "/campaign-backend/campaign/IOS/get-pushes/c1", headers: ["Authorization": "Bearer app"])
        for _ in 0..<100 {
            let messages = try await server.request("GET", "/_mock/webhooks/messages?status=pending")
            if (try messages.json()["messages"] as? [Any])?.isEmpty == true { return }
            try await Task.sleep(for: .milliseconds(100))
        }
        XCTFail("the webhook deliveries did not settle")
    }

    func testACompliantAppPassesEveryMustRuleAndTheCLIExitsZero() async throws {
        let (receiver, hook) = try await Self.receiver()
        defer {
            receiver.terminate()
            receiver.waitUntilExit()
        }
        let server = try LiveServer()
        try await walkCompliantly(server, driver: "user_1", hook: hook)

        let report = try await server.request("GET", "/_mock/audit").json()
        let subjects = report["subjects"] as? [[String: Any]] ?? []
        XCTAssertEqual(subjects.compactMap { $0["subject"] as? String }, ["client:c1", "driver:user_1", "member:member-gold", "backend"])
        for subject in subjects {
            for result in subject["results"] as? [[String: Any]] ?? [] where result["severity"] as? String == "must" {
                XCTAssertEqual(result["verdict"] as? String, "pass", "\(subject["subject"] ?? "?") \(result["rule"] ?? "?"): \(result["message"] ?? "")")
            }
        }
        XCTAssertEqual((report["client_errors"] as? [[String: Any]])?.count, 0, "a compliant client is refused nothing: \(report["client_errors"] ?? "")")

        let junit = FileManager.default.temporaryDirectory.appendingPathComponent("audit-\(UUID().uuidString).xml").path
        defer { try? FileManager.default.removeItem(atPath: junit) }
        let audit = try CLIProcess(["audit", "--server", server.baseURL.absoluteString, "--junit", junit])
        let exit = try await audit.wait()
        XCTAssertEqual(exit, 0, audit.text + audit.errorText)
        XCTAssertTrue(audit.text.contains("driver:user_1: "), audit.text)
        XCTAssertFalse(audit.text.contains("FAIL [must]"), audit.text)
        XCTAssertTrue(FileManager.default.fileExists(atPath: junit))
        XCTAssertEqual(try server.stop(), 0)
    }

    func testABrokenFlowFailsTheCLIByItsSeverityAndItsJUnitParses() async throws {
        let server = try LiveServer()
        let json = self.json, key = self.key
        _ = try await server.request("PUT", "/iql/v1/driver/d1/info", headers: key, body: #"{"country":"USA","state":"AZ","zipcode":"10118"}"#)
        _ = try await server.request("PUT", "/iql/v1/driver/d2/info", headers: key, body: #"{"country":"USA","state":"AZ","zipcode":"85004"}"#)
        _ = try await server.request("GET", "/iql/v1/driver/d2/status", headers: key)
        _ = try await server.request("GET", "/iql/v1/driver/d2/status", headers: key)
        _ = try await server.request("GET", "/iql/v1/locations", headers: json)

        let junit = FileManager.default.temporaryDirectory.appendingPathComponent("audit-\(UUID().uuidString).xml").path
        defer { try? FileManager.default.removeItem(atPath: junit) }
        let strict = try CLIProcess(["audit", "--server", server.baseURL.absoluteString, "--junit", junit])
        let strictExit = try await strict.wait()
        XCTAssertEqual(strictExit, 1, "d1's zipcode breaks a must rule: \(strict.text)")
        XCTAssertTrue(strict.text.contains("FAIL [must] iql-onboarding/driver-info-state-matches-zip: zipcode 10118 belongs to NY"), strict.text)
        XCTAssertTrue(strict.text.contains("FAIL [should] iql-offer/status-refresh-spacing"), strict.text)

        let lenient = try CLIProcess(["audit", "--server", server.baseURL.absoluteString, "--fail-on", "never"])
        let lenientExit = try await lenient.wait()
        XCTAssertEqual(lenientExit, 0)
        let onlyD2 = try CLIProcess(["audit", "--server", server.baseURL.absoluteString, "--subject", "driver:d2"])
        let onlyD2Exit = try await onlyD2.wait()
        XCTAssertEqual(onlyD2Exit, 0, "d2 breaks only a should rule")
        let shouldD2 = try CLIProcess(["audit", "--server", server.baseURL.absoluteString, "--subject", "driver:d2", "--fail-on", "should"])
        let shouldD2Exit = try await shouldD2.wait()
        XCTAssertEqual(shouldD2Exit, 1)

        let check = """
        import sys, xml.etree.ElementTree as ET
        from junitparser import JUnitXml, Failure, Skipped
        root = ET.parse(sys.argv[1]).getroot()
        suites = root.findall('testsuite')
        assert [s.get('name') for s in suites] == ['driver:d1', 'driver:d2', 'backend'], [s.get('name') for s in suites]
        assert all(len(s.findall('testcase')) == int(s.get('tests')) for s in suites)
        assert len(suites[0].findall('testcase')) == 9, len(suites[0].findall('testcase'))
        failed = [c.get('name') for c in suites[0].findall('testcase') if c.find('failure') is not None]
        assert failed == ['driver-info-state-matches-zip'], failed
        xml = JUnitXml.fromfile(sys.argv[1])
        cases = {(suite.name, case.classname, case.name): case for suite in xml for case in suite}
        zip_case = cases[('driver:d1', 'iql-onboarding', 'driver-info-state-matches-zip')]
        assert isinstance(zip_case.result[0], Failure) and 'belongs to NY' in zip_case.result[0].message, zip_case.result
        spacing = cases[('driver:d2', 'iql-offer', 'status-refresh-spacing')]
        assert isinstance(spacing.result[0], Failure), spacing.result
        assert isinstance(cases[('driver:d2', 'iql-offer', 'click-as-served')].result[0], Skipped)
        props = {p.name: p.value for p in list(xml)[0].properties()}
        assert props['tenant'] == 'default' and props['guide.iql-offer'] == '1', props
        print('ok')
        """
        let python = Process()
        python.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        python.arguments = ["python3", "-c", check, junit]
        let output = Pipe()
        python.standardOutput = output
        python.standardError = output
        try python.run()
        python.waitUntilExit()
        let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        XCTAssertEqual(python.terminationStatus, 0, printed)
        XCTAssertEqual(printed, "ok\n")
        XCTAssertEqual(try server.stop(), 0)
    }
}
