import Foundation
import XCTest

/// `mock-platform wait`: exit 0 once a mock answers `/_mock/ready`, 1 with one line at the
/// timeout; the server from `--server` or `MOCK_PLATFORM_SERVER`.
final class WaitCommandLiveTests: XCTestCase {
    /// A loopback port nothing listens on (bound, then released).
    private static func freePort() throws -> Int {
        let server = try LiveServer()
        let port = server.baseURL.port ?? 0
        _ = try server.stop()
        return port
    }

    func testItReturnsOnceTheMockIsReady() async throws {
        let server = try LiveServer()
        let waited = try CLIProcess(["wait", "--server", server.baseURL.absoluteString, "--timeout", "10s"])
        let status = try await waited.wait()
        XCTAssertEqual(status, 0, waited.errorText)
        XCTAssertTrue(waited.text.contains("is ready"), waited.text)
        XCTAssertEqual(try server.stop(), 0)
    }

    func testItWaitsForAMockThatStartsLater() async throws {
        let port = try Self.freePort()
        let waited = try CLIProcess(["wait", "--server", "http://127.0.0.1:\(port)", "--timeout", "30s"])
        try await Task.sleep(for: .seconds(1))
        let server = try LiveServer(arguments: ["--port", String(port)])
        let status = try await waited.wait(timeout: 30)
        XCTAssertEqual(status, 0, waited.errorText)
        XCTAssertEqual(try server.stop(), 0)
    }

    func testItGivesUpAtTheTimeoutWithOneLine() async throws {
        let port = try Self.freePort()
        let started = Date()
        let waited = try CLIProcess(["wait", "--server", "http://127.0.0.1:\(port)", "--timeout", "1s"])
        let status = try await waited.wait()
        XCTAssertEqual(status, 1)
        XCTAssertLessThan(Date().timeIntervalSince(started), 8, "it stops at the timeout")
        let lines = waited.errorText.split(separator: "\n")
        XCTAssertEqual(lines.count, 1, waited.errorText)
        XCTAssertTrue(lines.first?.hasPrefix("mock-platform wait: not ready after 1s: no mock answers at http://127.0.0.1:\(port)") ?? false,
                      waited.errorText)

        let badTimeout = try CLIProcess(["wait", "--timeout", "soon"])
        let refused = try await badTimeout.wait()
        XCTAssertNotEqual(refused, 0)
        XCTAssertTrue(badTimeout.errorText.contains("--timeout must be a duration"), badTimeout.errorText)
    }
}
