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

    /// A control request refused for naming a kind no module declares creates no tenant: the
    /// kinds are the server's, read without the tenant.
    func testRequestsNamingAnUnknownKindCreateNoTenant() async throws {
        try await TestPlatform.run { platform in
            for (path, json) in [
                ("/t/ghost-d/_mock/pushes?kind=fax", nil), ("/t/ghost-e/_mock/webhooks/messages?event=fax", nil),
                ("/t/ghost-f/_mock/events?type=fax", nil),
                ("/t/ghost-g/_mock/webhooks/endpoints", ["url": "http://127.0.0.1:1/hook", "events": ["fax"]] as [String: Any]?),
                ("/t/ghost-h/_mock/webhooks/trigger", ["event": "fax", "driver_id": "d1"]),
            ] {
                let reply = try await platform.send(json == nil ? .get : .post, path, json: json)
                XCTAssertEqual(reply.status, .badRequest, "\(path): \(reply.text)")
            }
            let tenants = try await platform.send(.get, "/_mock/tenants").json()["tenants"] as? [[String: Any]]
            XCTAssertEqual(tenants?.compactMap { $0["name"] as? String }, ["default"])
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
