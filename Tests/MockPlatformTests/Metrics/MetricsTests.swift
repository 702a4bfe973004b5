import Foundation
@testable import MockPlatform
import XCTest

/// `GET /_mock/metrics` (`openapi/control.yaml` getMetrics).
final class MetricsTests: XCTestCase {
    private static func metrics(_ platform: TestPlatform) async throws -> String {
        let reply = try await platform.send(.get, "/_mock/metrics")
        XCTAssertEqual(reply.status, .ok)
        XCTAssertEqual(reply.headers[.contentType], "text/plain")
        return reply.text
    }

    /// The sample value of the line that starts with `series` (name and labels), if any.
    private static func value(of series: String, in text: String) -> Double? {
        text.split(separator: "\n").first { $0.hasPrefix(series + " ") }.flatMap { Double($0.split(separator: " ").last ?? "") }
    }

    func testRequestsAreCountedByRouteTemplateAndStatus() async throws {
        try await TestPlatform.run { platform in
            try await platform.createDriver("d1")
            for _ in 0..<3 { try await platform.iql(.get, "/iql/v1/driver/d1/status") }
            try await platform.iql(.get, "/iql/v1/driver/nobody/status")
            try await platform.send(.get, "/iql/v1/driver/d1/status")
            try await platform.send(.get, "/t/other/loyalty/v1/nothing-here")
            let text = try await Self.metrics(platform)
            let route = #"route="/iql/v1/driver/{driver_id}/status",method="GET""#
            XCTAssertEqual(Self.value(of: #"mockplatform_http_requests_total{module="iql",\#(route),status="200"}"#, in: text), 3)
            XCTAssertEqual(Self.value(of: #"mockplatform_http_requests_total{module="iql",\#(route),status="404"}"#, in: text), 1)
            XCTAssertEqual(Self.value(of: #"mockplatform_http_requests_total{module="iql",\#(route),status="401"}"#, in: text), 1)
            XCTAssertEqual(
                Self.value(of: #"mockplatform_http_requests_total{module="loyalty",route="unmatched",method="GET",status="401"}"#, in: text), 1
            )
            XCTAssertFalse(text.contains("d1/status"), "concrete paths never become labels")
            XCTAssertEqual(Self.value(of: #"mockplatform_http_request_duration_seconds_count{module="iql"}"#, in: text), 6)
        }
    }

    func testTenantsAndOutboxAreReadWhenScraped() async throws {
        try await TestPlatform.run { platform in
            try await platform.send(.get, "/t/alpha/_mock/clock")
            try await platform.send(.get, "/t/beta/_mock/clock")
            let registered = try await platform.send(
                .post, "/publisher/v1/drivers/d1/device_token", json: ["token": SampleTokens.fcm, "platform": "android"]
            )
            XCTAssertEqual(registered.status, .ok, registered.text)
            try await platform.send(.post, "/_mock/webhooks/trigger", json: ["event": "silent_push_notification", "driver_id": "d1"])
            let text = try await Self.metrics(platform)
            XCTAssertEqual(Self.value(of: "mockplatform_tenants", in: text), 3)
            XCTAssertEqual(Self.value(of: "mockplatform_outbox_pushes", in: text), 1)
        }
    }

    func testWebhookAttemptsAreCountedByOutcome() async throws {
        let receiver = WebhookReceiver()
        let port = try await receiver.start()
        try await TestPlatform.run { platform in
            try await platform.send(.patch, "/_mock/config", json: ["webhook_retry_profile": [0, 10]])
            try await platform.send(.post, "/_mock/faults", json: ["target": "webhook", "status": 503, "times": 1])
            try await platform.send(.post, "/_mock/webhooks/endpoints", json: ["url": "http://127.0.0.1:\(port)/hook"])
            try await platform.send(.post, "/_mock/webhooks/trigger", json: ["event": "engagement", "driver_id": "d1"])
            let counted = try await WebhookReceiver.eventually {
                Self.value(of: #"mockplatform_webhook_attempts_total{outcome="delivered"}"#, in: try await Self.metrics(platform)) == 1
            }
            XCTAssertTrue(counted)
            let text = try await Self.metrics(platform)
            XCTAssertEqual(Self.value(of: #"mockplatform_webhook_attempts_total{outcome="fault"}"#, in: text), 1)
        }
        await receiver.stop()
    }

    func testTheTextIsPrometheusExposition() async throws {
        try await TestPlatform.run { platform in
            try await platform.iql(.get, "/iql/v1/locations")
            let text = try await Self.metrics(platform)
            let sample = try NSRegularExpression(pattern: #"^[a-z_:][a-z0-9_:]*(\{([a-z_]+="[^"]*",?)*\})? -?[0-9.e+]+$"#)
            for line in text.split(separator: "\n") where !line.hasPrefix("#") {
                let string = String(line)
                XCTAssertNotNil(sample.firstMatch(in: string, range: NSRange(string.startIndex..., in: string)), string)
            }
            XCTAssertTrue(text.contains("# TYPE mockplatform_http_request_duration_seconds histogram"))
        }
    }
}
