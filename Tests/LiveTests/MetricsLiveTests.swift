import Foundation
import XCTest

/// `GET /_mock/metrics` on the real binary: open to a Prometheus scraper that has no admin
/// token, while the rest of the control API asks for it.
final class MetricsLiveTests: XCTestCase {
    func testMetricsNeedNoAdminTokenAndCountTheAppsRequests() async throws {
        let server = try LiveServer(arguments: ["--port", "0", "--admin-token", "s3cret"])
        let locations = try await server.request("GET", "/iql/v1/locations", headers: ["Authorization": "APIKEY mock-api-key"])
        XCTAssertEqual(locations.status, 200)
        let denied = try await server.request("GET", "/_mock/tenants")
        XCTAssertEqual(denied.status, 401)
        let metrics = try await server.request("GET", "/_mock/metrics")
        XCTAssertEqual(metrics.status, 200)
        XCTAssertEqual(metrics.header("Content-Type"), "text/plain")
        let text = String(decoding: metrics.body, as: UTF8.self)
        XCTAssertTrue(text.contains(#"mockplatform_http_requests_total{module="iql",route="/iql/v1/locations",method="GET",status="200"} 1"#), text)
        XCTAssertTrue(text.contains(#"route="/_mock/tenants",method="GET",status="401"} 1"#), text)
        XCTAssertEqual(try server.stop(), 0)
    }
}
