import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import XCTest

/// Fault rules and the request journal against the real binary, as an app sees them over
/// URLSession (`openapi/control.yaml`, tags faults and journal).
final class FaultsLiveTests: XCTestCase {
    private static let json = ["Content-Type": "application/json"]
    private static let key = ["Authorization": "APIKEY mock-api-key"]

    /// Adds a rule on a connection that is then closed, so the next request opens a new one:
    /// libcurl (like most clients) silently resends a request whose reused connection broke.
    private static func addFault(_ server: LiveServer, _ body: String) async throws {
        let reply = try await server.request("POST", "/_mock/faults", headers: json.merging(["Connection": "close"]) { $1 }, body: body)
        XCTAssertEqual(reply.status, 201, String(decoding: reply.body, as: UTF8.self))
    }

    /// The request fails at the transport level: the app sees a network error, not a status.
    private static func assertConnectionBroken(_ server: LiveServer, _ path: String) async {
        do {
            let reply = try await server.request("GET", path, headers: key)
            XCTFail("expected a network error, got \(reply.status)")
        } catch {
            XCTAssertTrue(error is URLError, "\(error)")
        }
    }

    func testResetAndEmptyResponsesBreakTheConnectionAndAreJournalled() async throws {
        let server = try LiveServer()
        try await Self.addFault(server, #"{"path": "/iql/v1/locations", "reset_connection": true, "times": 1}"#)
        try await Self.addFault(server, #"{"path": "/iql/v1/locations", "empty_response": true, "times": 1}"#)
        await Self.assertConnectionBroken(server, "/iql/v1/locations")
        await Self.assertConnectionBroken(server, "/iql/v1/locations")
        let healthy = try await server.request("GET", "/iql/v1/locations", headers: Self.key)
        XCTAssertEqual(healthy.status, 200, "both rules retired after one hit each")

        let journal = try await server.request("GET", "/_mock/requests?path=/iql/**").json()
        let statuses = (journal["requests"] as? [[String: Any]])?.compactMap { $0["status"] as? Int }
        XCTAssertEqual(statuses, [200, 0, 0])
        XCTAssertEqual(try server.stop(), 0)
    }

    func testALatencyRuleDelaysTheAnswerWithinBounds() async throws {
        let server = try LiveServer()
        try await Self.addFault(server, #"{"method": "GET", "path": "/iql/**", "latency_ms": 400}"#)
        let started = Date()
        let slow = try await server.request("GET", "/iql/v1/locations", headers: Self.key)
        let elapsed = Date().timeIntervalSince(started)
        XCTAssertEqual(slow.status, 200)
        XCTAssertGreaterThanOrEqual(elapsed, 0.4)
        XCTAssertLessThan(elapsed, 5)
        let fast = Date()
        _ = try await server.request("GET", "/_mock/clock")
        XCTAssertLessThan(Date().timeIntervalSince(fast), 0.4, "the control plane is never delayed")
        XCTAssertEqual(try server.stop(), 0)
    }
}
