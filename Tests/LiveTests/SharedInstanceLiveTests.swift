import Foundation
import XCTest

/// The sharing limits on the real binary (docs/operating.md "Sharing one instance"): `--quota` and its
/// variable, `--tenant-idle-ttl`, and tenant slots that come back.
final class SharedInstanceLiveTests: XCTestCase {
    func testQuotasComeFromTheFlagAndTheVariable() async throws {
        let server = try LiveServer(
            arguments: ["--port", "0", "--quota", "endpoints=1"], environment: ["MOCK_PLATFORM_QUOTA": "faults=1,endpoints=5"]
        )
        let endpoint = #"{"url": "http://127.0.0.1:9/hook"}"#
        let json = ["Content-Type": "application/json"]
        let first = try await server.request("POST", "/_mock/webhooks/endpoints", headers: json, body: endpoint)
        XCTAssertEqual(first.status, 201)
        let second = try await server.request("POST", "/_mock/webhooks/endpoints", headers: json, body: endpoint)
        XCTAssertEqual(second.status, 429, "the flag wins over the variable for endpoints")
        XCTAssertEqual(try second.json()["detail"] as? String, "tenant quota exceeded: endpoints")
        let fault = #"{"status": 503, "path": "/nowhere"}"#
        let rule = try await server.request("POST", "/_mock/faults", headers: json, body: fault)
        XCTAssertEqual(rule.status, 201)
        let another = try await server.request("POST", "/_mock/faults", headers: json, body: fault)
        XCTAssertEqual(another.status, 429)
        let metrics = String(decoding: try await server.request("GET", "/_mock/metrics").body, as: UTF8.self)
        XCTAssertTrue(metrics.contains(#"mockplatform_limit_rejections_total{limit="quota_endpoints"} 1"#), metrics)
        XCTAssertTrue(metrics.contains(#"mockplatform_limit_rejections_total{limit="quota_faults"} 1"#), metrics)
        XCTAssertEqual(try server.stop(), 0)
    }

    func testIdleTenantsAreDroppedAndTheirSlotsComeBack() async throws {
        let server = try LiveServer(arguments: ["--port", "0", "--tenant-idle-ttl", "500ms", "--max-tenants", "2"])
        let created = try await server.request("GET", "/t/ci-1/_mock/clock")
        XCTAssertEqual(created.status, 200)
        let full = try await server.request("GET", "/t/ci-2/_mock/clock")
        XCTAssertEqual(full.status, 429)
        var names: [String] = []
        for _ in 0..<50 {
            try await Task.sleep(for: .milliseconds(100))
            let listed = try await server.request("GET", "/_mock/tenants")
            names = (try listed.json()["tenants"] as? [[String: Any]])?.compactMap { $0["name"] as? String } ?? []
            if names == ["default"] { break }
        }
        XCTAssertEqual(names, ["default"], "ci-1 was dropped after 500 ms without a request")
        let freed = try await server.request("GET", "/t/ci-2/_mock/clock")
        XCTAssertEqual(freed.status, 200)
        XCTAssertEqual(try server.stop(), 0)
    }

    func testAThousandNewTenantsAreQuickAndCanBeDeleted() async throws {
        let server = try LiveServer(arguments: ["--port", "0"])
        // The same number of requests to one existing tenant, in the same run: a new tenant must
        // cost little more than a request (the machine's load scales both).
        _ = try await server.request("GET", "/t/existing/_mock/clock")
        let baselineStart = ContinuousClock.now
        for _ in 1..<1_000 {
            _ = try await server.request("GET", "/t/existing/_mock/clock")
        }
        let baseline = ContinuousClock.now - baselineStart
        _ = try await server.request("DELETE", "/_mock/tenants/existing")
        let started = ContinuousClock.now
        for index in 1..<1_000 {
            let reply = try await server.request("GET", "/t/junk-\(index)/_mock/clock")
            XCTAssertEqual(reply.status, 200)
        }
        let elapsed = ContinuousClock.now - started
        let refused = try await server.request("GET", "/t/one-too-many/_mock/clock")
        XCTAssertEqual(refused.status, 429, "default and 999 junk tenants fill --max-tenants 1000")
        let deleted = try await server.request("DELETE", "/_mock/tenants/junk-1")
        XCTAssertEqual(deleted.status, 204)
        let admitted = try await server.request("GET", "/t/one-too-many/_mock/clock")
        XCTAssertEqual(admitted.status, 200, "the freed slot takes a new tenant")
        XCTAssertLessThan(elapsed, baseline * 3, "999 new tenants took \(elapsed), 999 requests to one tenant \(baseline)")
        XCTAssertEqual(try server.stop(), 0)
    }
}
