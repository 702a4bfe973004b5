import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import MockPlatform
import XCTest

/// `mock-platform serve` runs from any directory, and meets bad input with one line on standard
/// error that says what is wrong and what to do, and a non-zero exit.
final class CommandLineLiveTests: XCTestCase {
    /// Runs the binary to its end (at most 20 s); returns its exit status and standard error.
    private func run(_ arguments: [String]) throws -> (status: Int32, errorText: String) {
        let process = Process()
        process.executableURL = LiveServer.binary
        process.arguments = arguments
        process.currentDirectoryURL = LiveServer.repositoryRoot
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = Pipe()
        try process.run()
        let deadline = Date().addingTimeInterval(20)
        while process.isRunning, Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self))
    }

    private func assertOneLine(_ arguments: [String], mentions expected: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let (status, text) = try run(arguments)
        XCTAssertNotEqual(status, 0, "\(arguments) exited 0", file: file, line: line)
        let lines = text.split(separator: "\n")
        XCTAssertEqual(lines.count, 1, "one line: \(text)", file: file, line: line)
        XCTAssertTrue(text.hasPrefix("mock-platform: "), text, file: file, line: line)
        XCTAssertTrue(text.contains(expected), "\(text) should mention \(expected)", file: file, line: line)
    }

    func testBadInputGetsOneLineAndAFailingExit() throws {
        try assertOneLine(["lisen"], mentions: "unknown command 'lisen' (did you mean listen?) — the commands are serve, trigger, listen, wait")
        try assertOneLine(["serve", "--port", "99999"], mentions: "port must be a number from 0 to 65535")
        try assertOneLine(["serve", "--port", "http"], mentions: "is invalid for '--port <port>'")
        try assertOneLine(["serve", "--port", "0", "--fixtures", "/no/such/folder"], mentions: "--fixtures")
        try assertOneLine(["serve", "--max-tenants", "0"], mentions: "max-tenants must be a whole number")
        try assertOneLine(["serve", "--log-level", "loud"], mentions: "log level must be one of")
        try assertOneLine(["serve", "--log-format", "xml"], mentions: "log format must be text or json")
        try assertOneLine(["serve", "--bogus"], mentions: "--bogus")
        try assertOneLine(["serve", "--save-on-exit"], mentions: "--save-on-exit needs --state-file")
        try assertOneLine(["serve", "--port", "0", "--webhook-allow", "10.0.0.0/99"], mentions: "is not a host or an IPv4 or IPv6 CIDR")
        try assertOneLine(["serve", "--port", "0", "--allowed-host", "http://mock.lan/"], mentions: "allowed-host must be a host name or address without a scheme or path")
        try assertOneLine(["serve", "--port", "0", "--tenant-max-bytes", "64"], mentions: "tenant-max-bytes must be a size of at least 64KB")
        try assertOneLine(["serve", "--port", "0", "--max-connections", "0"], mentions: "max-connections must be a whole number of at least 1")
        try assertOneLine(["serve", "--tenant-idle-ttl", "5"], mentions: "tenant-idle-ttl must be a duration like 500ms, 5s, 1m or 24h")
        try assertOneLine(["serve", "--quota", "tokens=5"], mentions: "quota must be NAME=N with NAME one of drivers")
        try assertOneLine(["serve", "--quota", "drivers=-1"], mentions: "quota drivers must be a whole number of at least 0")
        try assertOneLine(["serve", "--persist-interval", "10ms"], mentions: "persist-interval must be a duration from 100ms to 1h like 500ms, 5s or 1m, got '10ms'")
        try assertOneLine(["serve", "--journal-size", "-1"], mentions: "journal-size must be a whole number from 0 to 1000000, got '-1'")
        try assertOneLine(["serve", "--max-tenants", "-5"], mentions: "max-tenants must be a whole number of at least 1, got '-5'")
        try assertOneLine(["serve", "--port", "-1"], mentions: "port must be a number from 0 to 65535")
        try assertOneLine(["serve", "--port", "0", "--data-dir", "/etc/passwd"],
                          mentions: "--data-dir /etc/passwd is a file, not a folder — point --data-dir (MOCK_PLATFORM_DATA_DIR) at a folder")
        try assertOneLine(["serve", "--port", "0", "--host", "nonsense.invalid"],
                          mentions: "--host nonsense.invalid is not a known host name — use an address of this machine such as 127.0.0.1")
        try assertOneLine(["serve", "--port", "0", "--host", "10.1.2.3"],
                          mentions: "--host 10.1.2.3 is not an address of this machine — use 127.0.0.1 (this machine only) or 0.0.0.0")
    }

    /// `serve --help` lists the platforms' options after the server's, each help indented under
    /// its flag on every line and within 79 columns, as the server's own are.
    func testServeHelpListsThePlatformOptionsIndentedUnderTheirFlags() async throws {
        let process = try CLIProcess(["serve", "--help"])
        let status = try await process.wait(timeout: 20)
        XCTAssertEqual(status, 0)
        try await Task.sleep(for: .milliseconds(100))
        let help = process.text
        let section = try XCTUnwrap(help.range(of: "PLATFORM OPTIONS:\n"), help)
        let lines = help[section.upperBound...].split(separator: "\n", omittingEmptySubsequences: false).prefix { !$0.isEmpty }
        for flag in ["--pass-certificate <file>", "--team-id <id>", "--webhook-url <url>", "--webhook-retry-profile <profile>"] {
            XCTAssertTrue(lines.contains { $0 == "  \(flag)" }, "\(flag) listed: \(help)")
        }
        for line in lines {
            XCTAssertLessThan(line.count, 80, String(line))
            XCTAssertTrue(line.hasPrefix("  --") || line.hasPrefix("        "), "indented: \(line)")
        }
    }

    func testTheBinaryServesItsBuiltInFixturesAndScenariosFromAnyDirectory() async throws {
        let elsewhere = FileManager.default.temporaryDirectory.appendingPathComponent("elsewhere-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: elsewhere) }
        let server = try LiveServer(arguments: ["--port", "0"], directory: elsewhere)
        XCTAssertTrue(server.readyLine.contains("42789 ZIP codes"), server.readyLine)
        let zip = try await server.request("GET", "/publisher/v1/zipcodes/85004").json()
        XCTAssertEqual(zip["state_code"] as? String, "AZ")
        let scenarios = try await server.request("GET", "/_mock/scenarios").json()["scenarios"] as? [[String: Any]]
        XCTAssertEqual(scenarios?.count, 8, "the built-in scenarios")
        let member = try await server.request("GET", "/loyalty/v1/summary", headers: ["Poq-User-Id": "member-gold"])
        XCTAssertEqual(member.status, 200, "the built-in loyalty members")
        XCTAssertTrue(FileManager.default.fileExists(atPath: elsewhere.appendingPathComponent(".mock-platform/wallet").path),
                      "--data-dir defaults to the working directory's .mock-platform")
        XCTAssertEqual(try server.stop(), 0)
    }

    func testTheReadyBannerSaysWhereToGoAndVersionPrints() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("banner-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let serve = try CLIProcess(["serve", "--port", "0", "--data-dir", folder.path, "--log-level", "warning"])
        let specs = try await serve.line(containing: "  specs ")
        let ready = try await serve.line(containing: "listening on")
        let base = try XCTUnwrap(ready.split(separator: " ").first { $0.hasPrefix("http://") }.map(String.init))
        let lines = serve.text.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.first, ready, "the line scripts wait for comes first")
        XCTAssertTrue(lines.contains("  APIs       \(base)  (IQL needs Authorization: APIKEY mock-api-key; other tenants under /t/<name>/)"),
                      serve.text)
        XCTAssertTrue(lines.contains("  dashboard  \(base)/_mock/ui"), serve.text)
        XCTAssertEqual(specs, "  specs      \(base)/_mock/openapi/{campaigns,control,iql,loyalty,publisher,wallet}.yaml")
        let stopped = try await serve.stop()
        XCTAssertEqual(stopped, 0)

        // On every interface, the banner names the addresses other devices reach it at.
        let everywhere = try CLIProcess(["serve", "--host", "0.0.0.0", "--port", "0", "--data-dir", folder.path, "--log-level", "warning"])
        let devices = try await everywhere.line(containing: "  devices ")
        let lan = Host.current().addresses.filter { $0.contains(".") && !$0.hasPrefix("127.") }
        if lan.isEmpty {
            XCTAssertTrue(devices.contains("<this machine's LAN address>"), devices)
        } else {
            XCTAssertFalse(devices.contains("<"), "no placeholder when the machine has an address: \(devices)")
            XCTAssertTrue(lan.contains { devices.contains("http://\($0):") }, "\(devices) names one of \(lan)")
        }
        let open = try await everywhere.line(containing: "  webhooks ")
        XCTAssertTrue(open.contains("targets are not limited") && open.contains("--webhook-allow"), open)
        let stoppedEverywhere = try await everywhere.stop()
        XCTAssertEqual(stoppedEverywhere, 0)
        XCTAssertFalse(serve.text.contains("  webhooks "), "on loopback the banner says nothing of webhook targets")
        let limited = try CLIProcess([
            "serve", "--host", "0.0.0.0", "--port", "0", "--data-dir", folder.path, "--log-level", "warning", "--webhook-allow", "10.0.0.0/8",
        ])
        _ = try await limited.line(containing: "  devices ")
        let stoppedLimited = try await limited.stop()
        XCTAssertEqual(stoppedLimited, 0)
        XCTAssertFalse(limited.text.contains("  webhooks "), "with --webhook-allow: \(limited.text)")

        let version = try CLIProcess(["--version"])
        let status = try await version.wait()
        XCTAssertEqual(status, 0)
        try await Task.sleep(for: .milliseconds(100))
        XCTAssertEqual(version.text, "mock-platform \(MockPlatformVersion.current)\n")
    }

    func testEveryRequestIsOneLineAtInfoUnlessQuiet() async throws {
        for quiet in [false, true] {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("log-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: folder) }
            let serve = try CLIProcess(["serve", "--port", "0", "--data-dir", folder.path] + (quiet ? ["--quiet"] : []))
            let ready = try await serve.line(containing: "listening on")
            let base = try XCTUnwrap(ready.split(separator: " ").first { $0.hasPrefix("http://") }.map(String.init))
            var request = URLRequest(url: try XCTUnwrap(URL(string: base + "/t/team-a/iql/v1/locations")))
            request.setValue("APIKEY mock-api-key", forHTTPHeaderField: "Authorization")
            _ = try await URLSession.shared.data(for: request)
            try await Task.sleep(for: .milliseconds(300))
            let lines = serve.errorText.split(separator: "\n").filter { $0.contains("GET /iql/v1/locations 200 ") }
            if quiet {
                XCTAssertEqual(lines.count, 0, serve.errorText)
            } else {
                XCTAssertEqual(lines.count, 1, serve.errorText)
                XCTAssertTrue(lines.first?.contains(" info ") == true && lines.first?.hasSuffix(" ms team-a") == true,
                              "method, path, status, milliseconds, tenant: \(lines.first ?? "")")
            }
            _ = try await serve.stop()
        }
    }

    func testBrokenFixtureFolderIsNamed() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("fixtures-\(UUID().uuidString)")
        let fixtures = LiveServer.repositoryRoot.appendingPathComponent("Resources/fixtures").resolvingSymlinksInPath()
        try FileManager.default.copyItem(at: fixtures, to: folder)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("{".utf8).write(to: folder.appendingPathComponent("campaigns.json"))
        try assertOneLine(["serve", "--port", "0", "--fixtures", folder.path], mentions: "fixture file campaigns.json: not valid JSON — point --fixtures")
    }

    func testABadTenantJSONAndAStateFileThatIsNotJSONAreSaidInWords() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("fixtures-\(UUID().uuidString)")
        let fixtures = LiveServer.repositoryRoot.appendingPathComponent("Resources/fixtures").resolvingSymlinksInPath()
        try FileManager.default.copyItem(at: fixtures, to: folder)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(#"{"members": 5}"#.utf8).write(to: folder.appendingPathComponent("loyalty.json"))
        try assertOneLine(["serve", "--port", "0", "--fixtures", folder.path], mentions: "fixture file loyalty.json: members must be a list")
        let state = folder.appendingPathComponent("state.json")
        try Data("not json".utf8).write(to: state)
        try assertOneLine(["serve", "--port", "0", "--state-file", state.path],
                          mentions: "state is not valid JSON: send a document GET /_mock/state exported")
    }

    func testABrokenScenarioIsNamed() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("scenarios-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(#"{"description": "x", "drivers": [{"id": "d1", "info": {"country": "USA", "state": "AZ", "zipcode": "60601"}}]}"#.utf8)
            .write(to: folder.appendingPathComponent("wrong-zip.json"))
        try assertOneLine(["serve", "--port", "0", "--scenarios", folder.path], mentions: "wrong-zip.json: driver d1: zipcode 60601 belongs to IL")
        try assertOneLine(["serve", "--port", "0", "--scenarios", "/no/such/folder"], mentions: "--scenarios")
    }

    func testABusyPortIsNamed() throws {
        let server = try LiveServer()
        let port = try XCTUnwrap(server.baseURL.port)
        try assertOneLine(["serve", "--port", "\(port)"], mentions: "127.0.0.1:\(port) is already in use")
        XCTAssertEqual(try server.stop(), 0)
    }

    /// A state file is checked like `PUT /_mock/state`: a bad value stops the start with one
    /// line naming the field (it used to crash the process: arithmetic overflow).
    func testAStateFileWithAnOutOfRangeValueIsNamed() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("state-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let server = try LiveServer()
        var document = try await server.request("GET", "/_mock/state").json()
        XCTAssertEqual(try server.stop(), 0)
        var events = try XCTUnwrap(document["events"] as? [String: Any])
        events["nextSequence"] = 0
        document["events"] = events
        let file = folder.appendingPathComponent("state.json")
        try JSONSerialization.data(withJSONObject: document).write(to: file)
        try assertOneLine(["serve", "--port", "0", "--state-file", file.path], mentions: "events.nextSequence must be between 1 and 2^53")
    }
}
