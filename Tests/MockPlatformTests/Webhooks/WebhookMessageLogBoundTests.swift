import Foundation
@testable import MockPlatform
import XCTest

/// Issue 18 finding 4, webhook side: a tenant's message log holds at most 10,000 messages in
/// every case. The oldest settled message goes first; when none is settled, the oldest queued
/// for a disabled endpoint is dropped and counted.
final class WebhookMessageLogBoundTests: XCTestCase {
    func testTheLogStaysAt10000EvenWhenEveryMessageWaitsForADisabledEndpoint() async throws {
        let receiver = WebhookReceiver()
        let port = try await receiver.start()
        try await TestPlatform.run { platform in
            let webhooks = try platform.tenants.tenant(.default).webhooks
            let url = "http://127.0.0.1:\(port)/hook"
            let first = try await platform.send(.post, "/_mock/webhooks/endpoints", json: ["url": url]).json()
            let firstID = try XCTUnwrap(first["id"] as? String)
            let firstBatch = try await Self.trigger(platform)
            let deliveredID = try XCTUnwrap(firstBatch.first)
            let delivered = try await WebhookReceiver.eventually {
                let message = try await webhooks.message(deliveredID)
                return message.status == .delivered
            }
            XCTAssertTrue(delivered)

            let disable = try await platform.send(.patch, "/_mock/webhooks/endpoints/\(firstID)", json: ["enabled": false])
            XCTAssertEqual(disable.status, .ok, disable.text)
            for _ in 1..<100 {
                let created = try await platform.send(.post, "/_mock/webhooks/endpoints", json: ["url": url, "enabled": false])
                XCTAssertEqual(created.status, .created, created.text)
            }
            var batches: [[String]] = []
            for _ in 0..<100 { batches.append(try await Self.trigger(platform)) }
            XCTAssertEqual(batches.map(\.count), Array(repeating: 100, count: 100), "one message per endpoint")
            let full = await webhooks.messages()
            XCTAssertEqual(full.count, 10_000, "the settled message went first")
            XCTAssertFalse(full.contains { $0.id == deliveredID })
            let none = try await LimitMetrics.droppedMessages(platform)
            XCTAssertEqual(none, 0, "no queued message was dropped while a settled one could go")

            let newest = try await Self.trigger(platform)
            let kept = await webhooks.messages()
            XCTAssertEqual(kept.count, 10_000)
            XCTAssertEqual(Set(kept.map(\.id)).intersection(batches[0]), [], "the oldest queued messages went")
            XCTAssertEqual(Set(kept.map(\.id)).intersection(newest).count, 100)
            XCTAssertEqual(kept.first?.id, batches[1].first)
            let dropped = try await LimitMetrics.droppedMessages(platform)
            XCTAssertEqual(dropped, 100)
            let gone = try await platform.send(.get, "/_mock/webhooks/messages/\(batches[0][0])")
            XCTAssertEqual(gone.status, .notFound, gone.text)
        }
        await receiver.stop()
    }

    /// Fires an event; returns its message ids.
    private static func trigger(_ platform: TestPlatform) async throws -> [String] {
        let reply = try await platform.send(.post, "/_mock/webhooks/trigger", json: ["event": "engagement", "driver_id": "d1"])
        XCTAssertEqual(reply.status, .accepted, reply.text)
        return try XCTUnwrap(reply.json()["message_ids"] as? [String])
    }
}

extension WebhookMessageLogBoundTests {
    /// Rotating a secret again and again under a frozen clock keeps 8 retired secrets, not
    /// every one: the endpoint and its signature header stay bounded.
    func testRotationsKeepTheNewestEightRetiredSecrets() async throws {
        try await TestPlatform.run { platform in
            try await platform.send(.post, "/_mock/clock", json: ["now": "2026-01-01T12:00:00Z"])
            let endpoint = try await platform.send(.post, "/_mock/webhooks/endpoints", json: ["url": "http://127.0.0.1:9/hook"]).json()
            let id = try XCTUnwrap(endpoint["id"] as? String)
            var secrets = [try XCTUnwrap(endpoint["secret"] as? String)]
            for _ in 0..<20 {
                let rotated = try await platform.send(.post, "/_mock/webhooks/endpoints/\(id)/rotate-secret").json()
                secrets.append(try XCTUnwrap(rotated["secret"] as? String))
            }
            let stored = try await platform.tenants.tenant(.default).webhooks.endpoint(id)
            XCTAssertEqual(stored.retiredSecrets.map(\.secret.description), Array(secrets.dropLast().suffix(8)))
            XCTAssertEqual(stored.signingSecrets(at: Date(timeIntervalSince1970: 1_767_268_800)).count, 9)
        }
    }
}
