import Foundation
import HTTPTypes
@testable import MockPlatform
import XCTest

/// The control plane's cross-origin guard (`CrossOriginGuard`): writes from another origin are
/// refused with 403 and counted; reads, the server's own origin and requests without one pass.
final class CrossOriginGuardTests: XCTestCase {
    func testCrossOriginWritesAreRefusedAndSameOriginOnesPass() async throws {
        try await TestPlatform.run { platform in
            try await platform.send(.post, "/_mock/reset", headers: [.origin: "https://evil.example"])
                .assertProblem(.forbidden, "cross-origin request refused")
            try await platform.send(.post, "/_mock/faults", json: ["status": 503], headers: [.origin: "null"])
                .assertProblem(.forbidden, "cross-origin request refused")
            let faults = try await platform.send(.get, "/_mock/faults", headers: [.origin: "https://evil.example"])
            XCTAssertEqual(faults.status, .ok, "reads are not refused")
            XCTAssertEqual((try faults.json()["faults"] as? [Any])?.count, 0, "nothing stored")
            let withoutOrigin = try await platform.send(.post, "/_mock/reset")
            XCTAssertEqual(withoutOrigin.status, .ok)
            let counted = Int(try await LimitMetrics.rejections("cross_origin", platform))
            XCTAssertEqual(counted, 2)
        }
    }

    func testTheServersOwnOriginPasses() async throws {
        var options = ServerOptions()
        options.publicURL = "https://mock.example.com"
        try await TestPlatform.run(options: options) { platform in
            let own = try await platform.send(.post, "/_mock/reset", headers: [.origin: "https://mock.example.com"])
            XCTAssertEqual(own.status, .ok, own.text)
            let ownPort = try await platform.send(.post, "/_mock/reset", headers: [.origin: "https://mock.example.com:443"])
            XCTAssertEqual(ownPort.status, .ok, ownPort.text)
            try await platform.send(.post, "/_mock/reset", headers: [.origin: "https://mock.example.com.evil.example"])
                .assertProblem(.forbidden, "cross-origin request refused")
        }
    }

    func testCrossOriginGuardComparesSchemeHostAndPort() {
        XCTAssertEqual(CrossOriginGuard.normalized("HTTP://Example.com:80"), "http://example.com")
        XCTAssertEqual(CrossOriginGuard.normalized("https://example.com:8443/x"), "https://example.com:8443")
        XCTAssertNil(CrossOriginGuard.normalized("null"))
        XCTAssertNil(CrossOriginGuard.normalized("ftp://example.com"))
    }
}
