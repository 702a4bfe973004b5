import Foundation
import XCTest

/// `--webhook-url` registers one endpoint for every event on the default tenant only.
final class WebhookURLLiveTests: XCTestCase {
    func testWebhookURLRegistersAnEndpointOnTheDefaultTenant() async throws {
        let server = try LiveServer(arguments: ["--port", "0", "--webhook-url", "http://127.0.0.1:9/hooks/iql"])
        let endpoints = try await server.request("GET", "/_mock/webhooks/endpoints").json()["endpoints"] as? [[String: Any]] ?? []
        XCTAssertEqual(endpoints.map { $0["url"] as? String }, ["http://127.0.0.1:9/hooks/iql"])
        XCTAssertEqual((endpoints.first?["events"] as? [String])?.count, 7, "every event kind")
        let other = try await server.request("GET", "/t/other/_mock/webhooks/endpoints").json()["endpoints"] as? [Any]
        XCTAssertEqual(other?.count, 0, "other tenants start without it")
        XCTAssertEqual(try server.stop(), 0)
    }
}
