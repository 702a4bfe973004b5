import Foundation
import XCTest

/// `mock-platform serve` meets bad input with one line on standard error that says what is
/// wrong and what to do, and a non-zero exit.
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
        try assertOneLine(["serve", "--port", "99999"], mentions: "port must be a number from 0 to 65535")
        try assertOneLine(["serve", "--port", "http"], mentions: "is invalid for '--port <port>'")
        try assertOneLine(["serve", "--port", "0", "--fixtures", "/no/such/folder"], mentions: "--fixtures")
        try assertOneLine(["serve", "--max-tenants", "0"], mentions: "max-tenants must be a whole number")
        try assertOneLine(["serve", "--log-level", "loud"], mentions: "log level must be one of")
        try assertOneLine(["serve", "--log-format", "xml"], mentions: "log format must be text or json")
        try assertOneLine(["serve", "--bogus"], mentions: "--bogus")
        try assertOneLine(["serve", "--save-on-exit"], mentions: "--save-on-exit needs --state-file")
        try assertOneLine(["serve", "--port", "0", "--webhook-allow", "10.0.0.0/99"], mentions: "is not a host or an IPv4 CIDR")
    }

    func testBrokenFixtureFolderIsNamed() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("fixtures-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: LiveServer.repositoryRoot.appendingPathComponent("Resources/fixtures"), to: folder)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("{".utf8).write(to: folder.appendingPathComponent("campaigns.json"))
        try assertOneLine(["serve", "--port", "0", "--fixtures", folder.path], mentions: "campaigns.json is not valid")
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
