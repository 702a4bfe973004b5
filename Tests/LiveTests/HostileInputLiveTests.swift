import Foundation
import XCTest

/// Hostile input against the real binary (`openapi/control.yaml`, "Limits and hostile input"):
/// each request that used to crash or hang the process is refused with a 400, nothing is
/// stored, the refusal is counted in the metrics, and the server goes on serving.
final class HostileInputLiveTests: XCTestCase {
    private static let json = ["Content-Type": "application/json"]

    /// The server still answers, and stops cleanly.
    private static func assertStillServing(_ server: LiveServer, file: StaticString = #filePath, line: UInt = #line) async throws {
        let health = try await server.request("GET", "/_mock/health")
        XCTAssertEqual(health.status, 200, file: file, line: line)
        let locations = try await server.request("GET", "/iql/v1/locations", headers: ["Authorization": "APIKEY mock-api-key"])
        XCTAssertEqual(locations.status, 200, file: file, line: line)
        XCTAssertEqual(try server.stop(), 0, file: file, line: line)
    }

    private static func assertProblem(
        _ reply: LiveServer.Reply, _ status: Int, detailPrefix: String, file: StaticString = #filePath, line: UInt = #line
    ) throws {
        XCTAssertEqual(reply.status, status, String(decoding: reply.body, as: UTF8.self), file: file, line: line)
        XCTAssertEqual(reply.header("Content-Type"), "application/problem+json", file: file, line: line)
        let detail = try reply.json()["detail"] as? String ?? ""
        XCTAssertTrue(detail.hasPrefix(detailPrefix), detail, file: file, line: line)
    }

    private static func metric(_ server: LiveServer, limit: String) async throws -> String? {
        let text = String(decoding: try await server.request("GET", "/_mock/metrics").body, as: UTF8.self)
        let prefix = #"mockplatform_limit_rejections_total{limit="\#(limit)"} "#
        return text.split(separator: "\n").first { $0.hasPrefix(prefix) }.map { String($0.dropFirst(prefix.count)) }
    }

    /// A 100,000-segment fault path was stored and crashed the next request (recursion depth);
    /// seven `**` against a 30-segment path took seconds while holding the journal's lock.
    func testPathGlobsOverTheLimitsAreRefusedAndMatchingStaysFast() async throws {
        let server = try LiveServer()
        let deep = String(repeating: "/a", count: 100_000)
        let fault = try await server.request("POST", "/_mock/faults", headers: Self.json, body: #"{"path": "\#(deep)", "status": 503}"#)
        try Self.assertProblem(fault, 400, detailPrefix: "path glob too complex")
        let faults = try await server.request("GET", "/_mock/faults").json()
        XCTAssertEqual((faults["faults"] as? [Any])?.count, 0, "nothing stored")
        let longRequest = try await server.request("GET", String(repeating: "/x", count: 30), headers: ["Authorization": "APIKEY mock-api-key"])
        XCTAssertEqual(longRequest.status, 404)

        let seven = try await server.request("GET", "/_mock/requests/count?path=" + String(repeating: "/**", count: 7) + "/zzz")
        try Self.assertProblem(seven, 400, detailPrefix: "path glob too complex")
        let started = Date()
        let four = try await server.request("GET", "/_mock/requests/count?path=/**/*/**/*/**/*/**/zzz")
        XCTAssertEqual(four.status, 200)
        XCTAssertEqual(try four.json()["count"] as? Int, 0)
        XCTAssertLessThan(Date().timeIntervalSince(started), 3, "no backtracking, whatever the load")
        let limited = try await Self.metric(server, limit: "path_glob")
        XCTAssertEqual(limited, "2")
        try await Self.assertStillServing(server)
    }

    /// A next sequence of 0 crashed the process on import (arithmetic overflow); a sequence of
    /// 2^63 crashed it on the next `GET /_mock/events`.
    func testAStateDocumentWithOutOfRangeSequencesIsRefusedAndChangesNothing() async throws {
        let server = try LiveServer()
        let trigger = try await server.request(
            "POST", "/_mock/webhooks/trigger", headers: Self.json, body: #"{"event": "engagement", "driver_id": "d1"}"#
        )
        XCTAssertEqual(trigger.status, 202)
        let exported = try await server.request("GET", "/_mock/state")
        var document = try exported.json()
        var events = try XCTUnwrap(document["events"] as? [String: Any])
        events["nextSequence"] = 0
        document["events"] = events
        let zero = try await server.request("PUT", "/_mock/state", headers: Self.json, body: String(decoding: try JSONSerialization.data(withJSONObject: document), as: UTF8.self))
        try Self.assertProblem(zero, 400, detailPrefix: "state is not valid: events.nextSequence")

        let huge = String(decoding: exported.body, as: UTF8.self).replacingOccurrences(
            of: #""sequence"\s*:\s*1\b"#, with: #""sequence":9223372036854775808"#, options: .regularExpression
        )
        XCTAssertNotEqual(huge, String(decoding: exported.body, as: UTF8.self), "the document has an event with sequence 1")
        let big = try await server.request("PUT", "/_mock/state", headers: Self.json, body: huge)
        try Self.assertProblem(big, 400, detailPrefix: "state is not valid: events.events.0.sequence")

        let listed = try await server.request("GET", "/_mock/events")
        XCTAssertEqual(listed.status, 200)
        XCTAssertEqual((try listed.json()["events"] as? [Any])?.count, 1, "the tenant is unchanged")
        let limited = try await Self.metric(server, limit: "state_document")
        XCTAssertEqual(limited, "2")
        try await Self.assertStillServing(server)
    }

    /// An override key of 20,000 dotted segments crashed the process (recursion depth); a
    /// body nested 100,000 levels deep is refused before anything walks it.
    func testDeepOverridesAndDeepBodiesAreRefused() async throws {
        let server = try LiveServer()
        let key = Array(repeating: "k", count: 20_000).joined(separator: ".")
        let deep = try await server.request(
            "POST", "/_mock/webhooks/trigger", headers: Self.json, body: #"{"event": "engagement", "driver_id": "d1", "overrides": {"\#(key)": 1}}"#
        )
        try Self.assertProblem(deep, 400, detailPrefix: "overrides keys must have at most 16 dotted segments")
        let nested = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        let body = try await server.request("POST", "/_mock/webhooks/trigger", headers: Self.json, body: #"{"overrides": \#(nested)}"#)
        try Self.assertProblem(body, 400, detailPrefix: "JSON body nested deeper than 64 levels")
        let events = try await server.request("GET", "/_mock/events")
        XCTAssertEqual(events.status, 200)
        XCTAssertEqual((try events.json()["events"] as? [Any])?.count, 0)
        let state = try await server.request("GET", "/_mock/state")
        XCTAssertEqual(state.status, 200)
        try await Self.assertStillServing(server)
    }

    /// A header value with a control character is refused by HTTP parsing, before the front
    /// door: the answer is a 400 problem document (it was an empty, undocumented 400), also
    /// when it follows a pipelined request's answer.
    /// A request with `Connection: close` is answered with `Connection: close`, so a client does
    /// not send another request on the closing connection; one that does anyway (pipelined
    /// here) gets no answer on it rather than a 400 for a request it never got wrong.
    func testConnectionCloseIsAnsweredInKindAndALaterRequestIsNotRefused() async throws {
        let server = try LiveServer()
        let port = try XCTUnwrap(server.baseURL.port)
        let closing = "GET /_mock/health HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n"
        let next = "GET /_mock/ready HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"
        let answer = try RawHTTP.exchange(Array((closing + next).utf8), port: port)
        XCTAssertTrue(answer.hasPrefix("HTTP/1.1 200 OK\r\n"), answer)
        XCTAssertTrue(answer.lowercased().contains("\r\nconnection: close\r\n"), answer)
        XCTAssertTrue(answer.hasSuffix(#"{"status":"ok"}"#), "one answer, then the connection closes: \(answer)")
        XCTAssertEqual(try server.stop(), 0)
    }

    func testAMalformedRequestHeadGetsAProblemDocument() async throws {
        let server = try LiveServer()
        let port = try XCTUnwrap(server.baseURL.port)
        let head = "GET /wallet/v1/passes/pass.com.example.mock.loyalty/6001234567890 HTTP/1.1\r\nHost: 127.0.0.1\r\nIf-Modified-Since: "
        let answer = try RawHTTP.exchange(Array(head.utf8) + [0x01, 0x7F] + Array("\r\n\r\n".utf8), port: port)
        XCTAssertTrue(answer.hasPrefix("HTTP/1.1 400 Bad Request\r\n"), answer)
        XCTAssertTrue(answer.contains("Content-Type: application/problem+json\r\n"), answer)
        XCTAssertTrue(answer.hasSuffix(#""detail":"malformed request head: a request line or header field HTTP does not allow","status":400,"title":"Bad Request","type":"about:blank"}"#), answer)

        let pipelined = "GET /_mock/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\nGET /_mock/health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Bad: "
        let both = try RawHTTP.exchange(Array(pipelined.utf8) + [0x00] + Array("\r\n\r\n".utf8), port: port)
        XCTAssertTrue(both.hasPrefix("HTTP/1.1 200 OK\r\n"), both)
        XCTAssertTrue(both.contains(#"{"status":"ok"}HTTP/1.1 400 Bad Request"#), both)
        try await Self.assertStillServing(server)
    }

    /// The answer to a pipelined request still being made (a latency fault holds it 300 ms)
    /// goes out whole before the refusal of a malformed head sent after it, and before the
    /// connection closes after a request that asked for `Connection: close`.
    func testAnAnswerInFlightGoesOutBeforeTheRefusalOrTheClose() async throws {
        let server = try LiveServer()
        let port = try XCTUnwrap(server.baseURL.port)
        let fault = try await server.request(
            "POST", "/_mock/faults", headers: ["Content-Type": "application/json"], body: #"{"method": "GET", "path": "/iql/**", "latency_ms": 300}"#
        )
        XCTAssertEqual(fault.status, 201)
        let slow = "GET /iql/v1/locations HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: APIKEY mock-api-key\r\n"
        let refused = try RawHTTP.exchange(Array((slow + "\r\nGET /_mock/health HTTP/1.1\r\nX-Bad: ").utf8) + [0x00] + Array("\r\n\r\n".utf8), port: port)
        XCTAssertTrue(refused.hasPrefix("HTTP/1.1 200 OK\r\n"), refused)
        XCTAssertTrue(refused.contains(#"]}HTTP/1.1 400 Bad Request"#), "the locations whole, then the refusal: \(refused)")
        XCTAssertTrue(refused.hasSuffix(#""status":400,"title":"Bad Request","type":"about:blank"}"#), refused)

        let started = Date()
        let closed = try RawHTTP.exchange(Array((slow + "Connection: close\r\n\r\nGET /_mock/health HTTP/1.1\r\n\r\n").utf8), port: port)
        XCTAssertLessThan(Date().timeIntervalSince(started), 3, "closed after the answer, not when the client gave up")
        XCTAssertTrue(closed.hasPrefix("HTTP/1.1 200 OK\r\n"), closed)
        XCTAssertTrue(closed.hasSuffix("]}"), "the locations whole, then the connection closes: \(closed)")
        try await Self.assertStillServing(server)
    }

    /// A `Connection: Close` request (the option in another case than Hummingbird looks for)
    /// with bytes after it, its large answer (the control document, about 160 KB) read slowly
    /// through a small buffer: the answer arrives whole, and the connection closes as soon as
    /// it is out, not when the client gives up.
    func testALargeAnswerBeforeTheCloseArrivesWholeAtASlowReader() async throws {
        let server = try LiveServer()
        let port = try XCTUnwrap(server.baseURL.port)
        let request = "GET /_mock/openapi/control.yaml HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: Close\r\n\r\nGET /_mock/health HTTP/1.1\r\n\r\n"
        let started = Date()
        let answer = try RawHTTP.exchange(Array(request.utf8), port: port, readingAfter: 0.5, receiveBuffer: 4_096)
        XCTAssertLessThan(Date().timeIntervalSince(started), 3, "closed after the answer, not when the client gave up")
        let parts = answer.components(separatedBy: "\r\n\r\n")
        let length = try XCTUnwrap(
            parts.first?.split(separator: "\r\n").first { $0.lowercased().hasPrefix("content-length:") }.flatMap { Int($0.split(separator: " ").last ?? "") }
        )
        XCTAssertGreaterThan(length, 100_000)
        XCTAssertEqual(answer.utf8.count - (parts.first?.utf8.count ?? 0) - 4, length, "the whole body, then nothing")
        XCTAssertEqual(try server.stop(), 0)
    }
}
