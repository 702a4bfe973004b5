import Foundation
@testable import MockPlatform
import XCTest

/// Issue 18 finding 4, PassKit side: `POST /wallet/v1/log` takes at most 100 lines per request
/// (413 beyond, nothing kept), cuts each line to 1 KiB, and a tenant keeps its newest 1,000.
final class WalletLogLimitTests: XCTestCase {
    func testAHundredLinesPassAndAHundredAndOneAreRefused() async throws {
        try await TestPlatform.run { platform in
            let hundred = (0..<100).map { "line \($0)" }
            let accepted = try await platform.send(.post, "/wallet/v1/log", json: ["logs": hundred])
            XCTAssertEqual(accepted.status, .ok, accepted.text)

            let refused = try await platform.send(.post, "/wallet/v1/log", json: ["logs": hundred + ["one more"]])
            XCTAssertEqual(refused.status, .contentTooLarge, refused.text)
            XCTAssertEqual(refused.headers[.contentType], "application/problem+json")
            XCTAssertEqual(try refused.json()["detail"] as? String, "logs holds 101 lines; at most 100 per request")

            let logs = try await Self.logs(platform)
            XCTAssertEqual(logs, hundred, "the refused request kept nothing")
            let counted = try await LimitMetrics.rejections("wallet_log", platform)
            XCTAssertEqual(counted, 1)
        }
    }

    func testEachLineIsCutTo1KiBOnACharacterBoundary() async throws {
        try await TestPlatform.run { platform in
            let exact = String(repeating: "a", count: 1_024)
            let long = String(repeating: "b", count: 1_023) + "é" + String(repeating: "c", count: 100_000)
            let logged = try await platform.send(.post, "/wallet/v1/log", json: ["logs": [exact, long]])
            XCTAssertEqual(logged.status, .ok, logged.text)
            let logs = try await Self.logs(platform)
            XCTAssertEqual(logs, [exact, String(repeating: "b", count: 1_023)], "é (2 bytes) would pass 1,024 bytes")
        }
    }

    func testATenantKeepsTheNewest1000Lines() async throws {
        try await TestPlatform.run { platform in
            for batch in 0..<11 {
                let lines = (0..<100).map { "batch \(batch) line \($0)" }
                let reply = try await platform.send(.post, "/wallet/v1/log", json: ["logs": lines])
                XCTAssertEqual(reply.status, .ok, reply.text)
            }
            let logs = try await Self.logs(platform)
            XCTAssertEqual(logs.count, 1_000)
            XCTAssertEqual(logs.first, "batch 1 line 0", "the oldest 100 went")
            XCTAssertEqual(logs.last, "batch 10 line 99")
        }
    }

    private static func logs(_ platform: TestPlatform) async throws -> [String] {
        let reply = try await platform.send(.get, "/_mock/wallet/logs")
        XCTAssertEqual(reply.status, .ok, reply.text)
        return (try reply.json()["logs"] as? [[String: Any]] ?? []).compactMap { $0["message"] as? String }
    }
}
