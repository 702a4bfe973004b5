import Foundation
import HTTPTypes
@testable import MockPlatform
import XCTest

/// `--admin-token` (`openapi/control.yaml`, info).
final class AdminTokenTests: XCTestCase {
    func testControlRoutesNeedTheTokenButHealthReadinessAndIQLDoNot() async throws {
        var options = ServerOptions()
        options.adminToken = "s3cret"
        try await TestPlatform.run(options: options) { platform in
            let missing = try await platform.send(.get, "/_mock/clock")
            missing.assertProblem(.unauthorized, "this control route needs Authorization: Bearer <admin token> (the server's --admin-token, MOCK_PLATFORM_ADMIN_TOKEN)")
            XCTAssertEqual(missing.headers[.wwwAuthenticate], "Bearer")
            try await platform.send(.post, "/t/ci/_mock/reset", headers: [.authorization: "Bearer wrong"])
                .assertProblem(.unauthorized, "invalid admin token: send the server's --admin-token (MOCK_PLATFORM_ADMIN_TOKEN)")
            let allowed = try await platform.send(.get, "/_mock/clock", headers: [.authorization: "Bearer s3cret"])
            XCTAssertEqual(allowed.status, .ok, allowed.text)
            for open in ["/_mock/health", "/_mock/ready"] {
                let reply = try await platform.send(.get, open)
                XCTAssertEqual(reply.status, .ok, open)
            }
            let iql = try await platform.iql(.get, "/iql/v1/locations")
            XCTAssertEqual(iql.status, .ok, "the platform APIs keep their own auth")
        }
    }

    func testWithoutATokenNoControlRouteNeedsOne() async throws {
        try await TestPlatform.run { platform in
            let reply = try await platform.send(.get, "/_mock/clock")
            XCTAssertEqual(reply.status, .ok)
        }
    }
}
