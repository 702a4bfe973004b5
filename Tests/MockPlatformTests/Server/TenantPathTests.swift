@testable import MockPlatform
@testable import MockPlatformKit
import XCTest

/// `TenantPath`: the tenant a request path names and its tenant-relative path, folded and as sent.
final class TenantPathTests: XCTestCase {
    func testFoldsSlashesAndTakesTheTenantPrefixOff() {
        let cases: [(raw: String, tenant: String?, path: String, unfolded: String)] = [
            ("/", "default", "/", "/"),
            ("", "default", "/", ""),
            ("/iql/v1/locations", "default", "/iql/v1/locations", "/iql/v1/locations"),
            ("/iql/v1/locations/", "default", "/iql/v1/locations", "/iql/v1/locations/"),
            ("//iql//v1/locations", "default", "/iql/v1/locations", "//iql//v1/locations"),
            ("/t", "default", "/t", "/t"),
            ("/tx/y", "default", "/tx/y", "/tx/y"),
            ("/at/b", "default", "/at/b", "/at/b"),
            ("/t/acme", "acme", "/", ""),
            ("/t/acme/iql/v1/locations", "acme", "/iql/v1/locations", "/iql/v1/locations"),
            ("//t//acme//iql/", "acme", "/iql", "//iql/"),
            ("/t/Bad_Name/iql", nil, "/iql", "/iql"),
            ("*", "default", "/*", "*"),
            ("/\u{301}x", "default", "//\u{301}x", "/\u{301}x"),
            ("/caf\u{E9}/x", "default", "/caf\u{E9}/x", "/caf\u{E9}/x"),
        ]
        for expected in cases {
            let target = TenantPath(expected.raw)
            XCTAssertEqual(target.tenant?.rawValue, expected.tenant, expected.raw)
            XCTAssertEqual(target.path, expected.path, expected.raw)
            XCTAssertEqual(String(target.unfolded), expected.unfolded, expected.raw)
        }
    }

    /// Repeated slashes are one slash, before routing, under a tenant prefix too.
    func testRepeatedSlashesAreNormalisedBeforeRouting() async throws {
        try await TestPlatform.run { platform in
            let health = try await platform.send(.get, "//_mock/health")
            XCTAssertEqual(health.status, .ok, health.text)
            health.assertJSON(["status": "ok"])
            let status = try await platform.send(.get, "/t/x//_mock///health")
            XCTAssertEqual(status.status, .ok, status.text)
        }
    }
}
