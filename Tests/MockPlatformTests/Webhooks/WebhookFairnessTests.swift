import Foundation
@testable import MockPlatform
import XCTest

/// Issue 18 finding 6: webhook attempts are bounded per tenant (16 in flight), so a tenant
/// whose receivers hang never delays another tenant's first delivery by more than a second.
final class WebhookFairnessTests: XCTestCase {
    func testHangingReceiversOfOneTenantDoNotDelayAnother() async throws {
        let hanging = try await SilentTCPServer()
        let receiver = WebhookReceiver()
        let port = try await receiver.start()
        try await TestPlatform.run { platform in
            let config = try await platform.send(.patch, "/t/tenant-a/_mock/config", json: ["webhook_timeout_ms": 60_000])
            XCTAssertEqual(config.status, .ok, config.text)
            for _ in 0..<17 {
                let created = try await platform.send(
                    .post, "/t/tenant-a/_mock/webhooks/endpoints", json: ["url": "http://127.0.0.1:\(hanging.port)/hook"]
                )
                XCTAssertEqual(created.status, .created, created.text)
            }
            for _ in 0..<17 {
                let fired = try await platform.send(
                    .post, "/t/tenant-a/_mock/webhooks/trigger", json: ["event": "engagement", "driver_id": "d1"]
                )
                XCTAssertEqual(fired.status, .accepted, fired.text)
            }
            let hung = try await WebhookReceiver.eventually { hanging.accepted >= 1 }
            XCTAssertTrue(hung, "tenant A's attempts are under way and hang")

            let endpoint = try await platform.send(.post, "/t/tenant-b/_mock/webhooks/endpoints", json: ["url": "http://127.0.0.1:\(port)/hook"])
            XCTAssertEqual(endpoint.status, .created, endpoint.text)
            let started = ContinuousClock.now
            let fired = try await platform.send(.post, "/t/tenant-b/_mock/webhooks/trigger", json: ["event": "engagement", "driver_id": "d1"])
            XCTAssertEqual(fired.status, .accepted, fired.text)
            let delivered = try await WebhookReceiver.eventually { !receiver.deliveries.isEmpty }
            let elapsed = ContinuousClock.now - started
            XCTAssertTrue(delivered, "tenant B's first delivery arrived")
            XCTAssertLessThan(elapsed, .seconds(1), "tenant B waited \(elapsed) behind tenant A")
        }
        await hanging.stop()
        await receiver.stop()
    }
}
