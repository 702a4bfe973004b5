import Foundation
import XCTest

/// Reads the hostile-input limit counters from `GET /_mock/metrics`.
enum LimitMetrics {
    /// `mockplatform_limit_rejections_total{limit="<limit>"}`, 0 when never counted.
    static func rejections(_ limit: String, _ platform: TestPlatform) async throws -> Double {
        try await value(of: #"mockplatform_limit_rejections_total{limit="\#(limit)"}"#, platform)
    }

    /// `mockplatform_webhook_messages_dropped_total`, 0 when never counted.
    static func droppedMessages(_ platform: TestPlatform) async throws -> Double {
        try await value(of: "mockplatform_webhook_messages_dropped_total", platform)
    }

    private static func value(of series: String, _ platform: TestPlatform) async throws -> Double {
        let reply = try await platform.send(.get, "/_mock/metrics")
        XCTAssertEqual(reply.status, .ok)
        return reply.text.split(separator: "\n").first { $0.hasPrefix(series + " ") }
            .flatMap { Double($0.split(separator: " ").last ?? "") } ?? 0
    }
}
