import Foundation
import HTTPTypes
@testable import MockPlatform
@testable import MockPlatformKit
import XCTest

/// The front door's own limits at their boundary, each counted in `/_mock/metrics`: a body of
/// 1 MiB passes and one byte more is a 413 (`body_size`); `--max-tenants` tenants exist and one
/// more is a 429 (`tenants`).
final class FrontDoorLimitTests: XCTestCase {
    func testABodyOfOneMebibytePassesAndOneByteMoreIsRefused() async throws {
        try await TestPlatform.run { platform in
            let filler = { (size: Int) -> String in
                let prefix = #"{"name":""#, suffix = #"","payload":{"aps":{"content-available":1},"k":"v"}}"#
                return prefix + String(repeating: "x", count: size - prefix.utf8.count - suffix.utf8.count) + suffix
            }
            let atLimit = try await platform.send(.post, "/_mock/campaigns", body: filler(RequestBodyReader.maxBytes),
                                                  headers: [.contentType: "application/json"])
            XCTAssertNotEqual(atLimit.status, .contentTooLarge, "1 MiB is read")
            let over = try await platform.send(.post, "/_mock/campaigns", body: filler(RequestBodyReader.maxBytes + 1),
                                               headers: [.contentType: "application/json"])
            XCTAssertEqual(over.status, .contentTooLarge)
            XCTAssertEqual(try over.json()["detail"] as? String, "request body exceeds 1048576 bytes")
            let counted = try await LimitMetrics.rejections("body_size", platform)
            XCTAssertEqual(counted, 1)
        }
    }

    func testTheTenantPastTheLimitIsRefusedAndCounted() async throws {
        try await TestPlatform.run(options: ServerOptions(maxTenants: 2)) { platform in
            let second = try await platform.send(.get, "/t/a/_mock/clock")
            XCTAssertEqual(second.status, .ok, "default and a: two tenants")
            try await platform.send(.get, "/t/b/_mock/clock").assertProblem(.tooManyRequests, "tenant limit reached")
            let counted = try await LimitMetrics.rejections("tenants", platform)
            XCTAssertEqual(counted, 1)
        }
    }
}
