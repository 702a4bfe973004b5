import Foundation
import HTTPTypes
@testable import MockPlatform
import XCTest

/// Fault rules with `target: webhook` (`openapi/control.yaml` createFault).
final class WebhookFaultTests: XCTestCase {
    func testAWebhookFaultFailsTheAttemptWithoutSendingAndTheRetryGoesOut() async throws {
        let receiver = WebhookReceiver()
        let port = try await receiver.start()
        try await TestPlatform.run { platform in
            let patched = try await platform.send(.patch, "/_mock/config", json: ["webhook_retry_profile": [0, 10]])
            XCTAssertEqual(patched.status, .ok, patched.text)
            let rule = try await platform.send(
                .post, "/_mock/faults", json: ["target": "webhook", "operation_id": "engagement", "path": "/hook", "status": 503, "times": 1]
            )
            XCTAssertEqual(rule.status, .created, rule.text)
            let ruleID = try XCTUnwrap(try rule.json()["id"] as? String)
            try await platform.send(.post, "/_mock/webhooks/endpoints", json: ["url": "http://127.0.0.1:\(port)/hook"])
            let fired = try await platform.send(.post, "/_mock/webhooks/trigger", json: ["event": "engagement", "driver_id": "d1"])
            let messageID = try XCTUnwrap((try fired.json()["message_ids"] as? [String])?.first)
            let delivered = try await WebhookReceiver.eventually {
                try await platform.send(.get, "/_mock/webhooks/messages/\(messageID)").json()["status"] as? String == "delivered"
            }
            XCTAssertTrue(delivered)
            let message = try await platform.send(.get, "/_mock/webhooks/messages/\(messageID)").json()
            let attempts = message["attempts"] as? [[String: Any]] ?? []
            XCTAssertEqual(attempts.count, 2)
            XCTAssertEqual(attempts.first?["status_code"] as? Int, 503)
            XCTAssertEqual(attempts.first?["error"] as? String, "HTTP 503 (fault \(ruleID))")
            XCTAssertEqual(receiver.deliveries.count, 1, "the faulted attempt sent nothing")
            let api = try await platform.iql(.get, "/iql/v1/locations")
            XCTAssertEqual(api.status, .ok, "a webhook rule does not touch the API")
        }
        await receiver.stop()
    }
}
