import XCTest

/// Tenants come into being only through requests that reach a route: unknown routes and
/// refused API keys create nothing.
final class TenantCreationTests: XCTestCase {
    func testRequestsThatAnswer404Or401CreateNoTenant() async throws {
        try await TestPlatform.run { platform in
            try await platform.send(.get, "/t/ghost-b/no/such/route")
            try await platform.send(.get, "/t/ghost-c/iql/v1/locations")
            try await platform.iql(.get, "/t/real-one/iql/v1/locations")
            let listed = try await platform.send(.get, "/_mock/tenants")
            let names = (try listed.json()["tenants"] as? [[String: Any]])?.compactMap { $0["name"] as? String }
            XCTAssertEqual(names, ["default", "real-one"])
        }
    }

    /// A request that needs no tenant state (health under a tenant prefix) creates no tenant.
    func testHealthUnderATenantPrefixCreatesNoTenant() async throws {
        try await TestPlatform.run { platform in
            let health = try await platform.send(.get, "/t/anything/_mock/health")
            XCTAssertEqual(health.status, .ok)
            let tenants = try await platform.send(.get, "/_mock/tenants").json()["tenants"] as? [[String: Any]]
            XCTAssertEqual(tenants?.compactMap { $0["name"] as? String }, ["default"])
        }
    }
}
