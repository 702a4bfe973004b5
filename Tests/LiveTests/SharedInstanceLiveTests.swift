import Foundation
import XCTest

/// The sharing limits on the real binary (README "Sharing one instance"): `--quota` and its
/// variable.
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
}
