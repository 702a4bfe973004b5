import Foundation
import XCTest

/// Scenarios on the real binary: `Resources/scenarios` is found from the working directory, and
/// the new driver qualifies on the tenant clock with the `--webhook-url` endpoint messaged.
final class ScenarioLiveTests: XCTestCase {
    func testApplyingNewDriverThenAdvancingTheClockGivesAnOfferAndAWebhookMessage() async throws {
        let server = try LiveServer(arguments: ["--port", "0", "--webhook-url", "http://127.0.0.1:9/hooks/iql"])
        let list = try await server.request("GET", "/_mock/scenarios").json()["scenarios"] as? [[String: Any]] ?? []
        XCTAssertEqual(list.count, 8)
        let applied = try await server.request("POST", "/_mock/scenarios/new-driver/apply")
        XCTAssertEqual(applied.status, 200)
        let advanced = try await server.request(
            "POST", "/_mock/clock", headers: ["Content-Type": "application/json"], body: #"{"advance_seconds": 604800}"#
        )
        XCTAssertEqual(advanced.status, 200)
        let driver = try await server.request("GET", "/_mock/iql/drivers/driver-new").json()
        XCTAssertEqual((driver["offers"] as? [[String: Any]])?.compactMap { $0["offer_id"] as? String }, ["ad_default_001"])
        let messages = try await server.request("GET", "/_mock/webhooks/messages").json()["messages"] as? [[String: Any]] ?? []
        XCTAssertTrue(messages.contains { $0["event"] as? String == "qualification" }, "\(messages)")
        XCTAssertEqual(try server.stop(), 0)
    }
}
