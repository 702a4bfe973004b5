import Foundation
import XCTest

/// `mock-platform listen` and `mock-platform trigger` against a running server.
final class WebhookCLILiveTests: XCTestCase {
    func testListenPrintsAndForwardsWhatTriggerFires() async throws {
        let server = try LiveServer(arguments: ["--port", "0", "--webhook-retry-profile", "fast"])
        let base = server.baseURL.absoluteString
        let sink = try CLIProcess(["listen", "--server", base, "--events", "offer_click"])
        let ready = try await sink.line(containing: "Ready:")
        let sinkURL = try XCTUnwrap(ready.split(separator: " ").first { $0.hasPrefix("http://") })
        let relay = try CLIProcess(["listen", "--server", base, "--events", "engagement", "--forward-to", String(sinkURL)])
        _ = try await relay.line(containing: "Ready:")

        let trigger = try CLIProcess(["trigger", "engagement", "--driver", "d1", "--set", "metadata.message=Hello", "--server", base])
        let triggered = try await trigger.wait()
        XCTAssertEqual(triggered, 0, trigger.text)
        let recorded = try await trigger.line(containing: "recorded")
        let eventID = try XCTUnwrap(recorded.split(separator: " ").dropFirst().first.map(String.init))

        let relayed = try await relay.line(containing: eventID)
        XCTAssertTrue(relayed.contains("activity_based/driving_engagement"), relayed)
        XCTAssertTrue(relayed.hasSuffix(" 200"), relayed)
        let received = try await sink.line(containing: eventID)
        XCTAssertTrue(received.hasSuffix("→ 200"), received)
        let message = try await server.request("GET", "/_mock/webhooks/messages/\(eventID)").json()
        XCTAssertEqual(message["status"] as? String, "delivered")
        let events = try await server.request("GET", "/_mock/events?type=engagement").json()["events"] as? [[String: Any]]
        XCTAssertEqual(((events?.last?["payload"] as? [String: Any])?["metadata"] as? [String: Any])?["message"] as? String, "Hello")

        _ = try await relay.stop()
        _ = try await sink.stop()
        let endpoints = try await server.request("GET", "/_mock/webhooks/endpoints").json()["endpoints"] as? [Any]
        XCTAssertEqual(endpoints?.count, 0, "listen removes its endpoint on exit")

        let refused = try CLIProcess(["trigger", "nope", "--driver", "d1", "--server", base])
        let refusal = try await refused.wait()
        XCTAssertNotEqual(refusal, 0)
        XCTAssertEqual(try server.stop(), 0)
    }
}
