import Foundation
import XCTest

/// Hostile input II against the real binary (control.md §11, "Bytes, not only counts" to
/// "Small ones"): what a hostile client did to a shared instance, each with the figure the test
/// holds.
final class HostileInputIILiveTests: XCTestCase {
    private static let iql = ["Authorization": "APIKEY mock-api-key", "Content-Type": "application/json"]
    private static let info = #"{"country":"USA","state":"AZ","zipcode":"85004"}"#

    private static func folder() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("hostile-\(UUID().uuidString)")
    }

    /// Finding 1: values a restore refuses were stored by requests, so the tenant's export did
    /// not import, `--persist` set the whole tenant aside at the next restart (its healthy
    /// drivers answered 404) and `--state-file --save-on-exit` refused to start. Now each is
    /// refused at the request, and the tenant survives export → import → restart.
    func testWhatARequestStoredSurvivesExportImportAndRestart() async throws {
        let data = Self.folder()
        defer { try? FileManager.default.removeItem(at: data) }
        let arguments = ["--port", "0", "--data-dir", data.path, "--persist", "--persist-interval", "100ms"]
        let server = try LiveServer(arguments: arguments)
        let healthy = try await server.request("PUT", "/t/team/iql/v1/driver/healthy/info", headers: Self.iql, body: Self.info)
        XCTAssertEqual(healthy.status, 200)
        let hostile: [(String, String, [String: String], String?)] = [
            ("POST", "/t/team/publisher/v1/drivers/z%7F/device_token", [:], nil),
            ("PUT", "/t/team/iql/v1/driver/a%01b/info", Self.iql, Self.info),
            ("POST", "/t/team/_mock/webhooks/trigger", ["Content-Type": "application/json"],
             #"{"event":"engagement","driver_id":"d1","overrides":{"webhook_event_id":"e\u0001"}}"#),
        ]
        for (method, path, headers, body) in hostile {
            let reply = try await server.request(method, path, headers: headers, body: body)
            XCTAssertEqual(reply.status, 400, "\(method) \(path): \(String(decoding: reply.body, as: UTF8.self))")
        }
        let exported = try await server.request("GET", "/t/team/_mock/state")
        let imported = try await server.request(
            "PUT", "/t/team/_mock/state", headers: ["Content-Type": "application/json"], body: String(decoding: exported.body, as: UTF8.self)
        )
        XCTAssertEqual(imported.status, 200, String(decoding: imported.body, as: UTF8.self))
        try await Task.sleep(for: .milliseconds(400))
        XCTAssertEqual(try server.stop(), 0)

        let restarted = try LiveServer(arguments: arguments)
        try await restarted.waitUntilReady()
        let state = FileManager.default.enumerator(atPath: data.appendingPathComponent("state").path)?.allObjects as? [String] ?? []
        XCTAssertFalse(state.contains { $0.contains("set-aside") }, "nothing set aside: \(state)")
        let again = try await restarted.request("GET", "/t/team/iql/v1/driver/healthy/info", headers: Self.iql)
        XCTAssertEqual(again.status, 200, "the healthy driver is restored")
        XCTAssertEqual(try restarted.stop(), 0)
    }

    /// Finding 10: a slow upload to a tenant with `--tenant-idle-ttl 1s` (or a DELETE during
    /// it) answered 200 and the driver was gone — the sweep dropped the tenant under the
    /// request. Now a tenant being answered on is neither swept nor deleted (409).
    func testATenantIsNotDroppedUnderASlowUpload() async throws {
        let server = try LiveServer(arguments: ["--port", "0", "--tenant-idle-ttl", "1s"])
        let port = try XCTUnwrap(server.baseURL.port)
        let created = try await server.request("PUT", "/t/slow/iql/v1/driver/first/info", headers: Self.iql, body: Self.info)
        XCTAssertEqual(created.status, 200)
        let head = "PUT /t/slow/iql/v1/driver/second/info HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: APIKEY mock-api-key\r\n"
            + "Content-Type: application/json\r\nContent-Length: \(Self.info.utf8.count)\r\nConnection: close\r\n\r\n"
        let body = Array(Self.info.utf8)
        async let answer = Task.detached {
            try RawHTTP.exchange(parts: [Array(head.utf8) + body.prefix(5), Array(body.dropFirst(5))], pause: 2.5, port: port, timeout: 10)
        }.value
        try await Task.sleep(for: .milliseconds(1_500))
        let deleted = try await server.request("DELETE", "/_mock/tenants/slow")
        XCTAssertEqual(deleted.status, 409, String(decoding: deleted.body, as: UTF8.self))
        let reply = try await answer
        XCTAssertTrue(reply.hasPrefix("HTTP/1.1 200"), reply)
        let first = try await server.request("GET", "/t/slow/iql/v1/driver/first/info", headers: Self.iql)
        XCTAssertEqual(first.status, 200, "the tenant, and the driver made before the upload, are still there")
        let second = try await server.request("GET", "/t/slow/iql/v1/driver/second/info", headers: Self.iql)
        XCTAssertEqual(second.status, 200)
        try await Task.sleep(for: .milliseconds(1_600))
        let dropped = try await server.request("DELETE", "/_mock/tenants/slow")
        XCTAssertEqual(dropped.status, 404, "idle once the requests ended: swept")
        XCTAssertEqual(try server.stop(), 0)
    }

    /// Finding 11: 1,100 half-sent request heads (ulimit 1,024) stopped new clients until they
    /// closed, and a head was cut only after 30 s. Now connections past `--max-connections`
    /// are closed at once and counted, and a head must be complete within 10 s: the server
    /// answers new clients again within 12 s of the attack, whatever it holds open.
    func testHalfSentHeadsAreCutWithinTenSecondsAndExtraConnectionsClosedAtOnce() async throws {
        let server = try LiveServer(arguments: ["--port", "0", "--max-connections", "100"])
        let port = try XCTUnwrap(server.baseURL.port)
        var sockets: [Int32] = []
        defer { for socket in sockets { close(socket) } }
        let half = Array("GET /_mock/health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ".utf8)
        let attacked = Date()
        for _ in 0..<150 {
            let socket = try RawHTTP.connected(port: port)
            _ = half.withUnsafeBytes { send(socket, $0.baseAddress, $0.count, 0) }
            sockets.append(socket)
        }
        var answered: Date?
        while Date().timeIntervalSince(attacked) < 15 {
            if let reply = try? await server.request("GET", "/_mock/health"), reply.status == 200 {
                answered = Date()
                break
            }
            try await Task.sleep(for: .milliseconds(250))
        }
        let waited = try XCTUnwrap(answered, "no answer within 15 s").timeIntervalSince(attacked)
        XCTAssertLessThan(waited, 12, "the half-sent heads were cut after 10 s")
        let metrics = String(decoding: try await server.request("GET", "/_mock/metrics").body, as: UTF8.self)
        let refused = metrics.split(separator: "\n").first { $0.hasPrefix(#"mockplatform_limit_rejections_total{limit="connections"} "#) }
        let count = refused.flatMap { Double($0.split(separator: " ").last ?? "") } ?? 0
        XCTAssertGreaterThanOrEqual(count, 50, "the connections past 100 were refused and counted: \(refused ?? "none")")
        XCTAssertEqual(try server.stop(), 0)
    }
}
