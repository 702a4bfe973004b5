import Foundation
import HTTPTypes
@testable import MockPlatform
import XCTest

/// Tenancy (`openapi/control.yaml` info, `README.md`), `/_mock/tenants` and `/_mock/reset`
/// (`openapi/control.yaml` listTenants, resetTenant).
final class TenantTests: XCTestCase {
    func testTenantsNeverSeeEachOthersDrivers() async throws {
        try await TestPlatform.run { platform in
            try await platform.createDriver("d1")
            let inTenant = try await platform.iql(.get, "/t/ci-1/iql/v1/driver/d1/info")
            XCTAssertEqual(inTenant.status, .notFound, inTenant.text)
            XCTAssertNotNil(inTenant.iqlError)

            try await platform.createDriver("d2", state: "NY", zipcode: "10118", tenantPrefix: "/t/ci-1")
            let inDefault = try await platform.iql(.get, "/iql/v1/driver/d2/info")
            XCTAssertEqual(inDefault.status, .notFound, inDefault.text)
            let inOther = try await platform.iql(.get, "/t/ci-2/iql/v1/driver/d2/info")
            XCTAssertEqual(inOther.status, .notFound, inOther.text)

            let own = try await platform.iql(.get, "/t/ci-1/iql/v1/driver/d2/info")
            XCTAssertEqual(own.status, .ok, own.text)
            XCTAssertEqual(try own.json()["state"] as? String, "NY")
            let root = try await platform.iql(.get, "/iql/v1/driver/d1/info")
            XCTAssertEqual(try root.json()["state"] as? String, "AZ")

            // The same id in two tenants is two drivers.
            try await platform.createDriver("d1", state: "NY", zipcode: "10118", tenantPrefix: "/t/ci-1")
            let rootAgain = try await platform.iql(.get, "/iql/v1/driver/d1/info")
            XCTAssertEqual(try rootAgain.json()["state"] as? String, "AZ")
        }
    }

    func testResetRestoresOnlyThatTenant() async throws {
        try await TestPlatform.run { platform in
            try await platform.createDriver("d1")
            try await platform.createDriver("c1", tenantPrefix: "/t/ci-1")
            try await platform.send(.post, "/_mock/clock", json: ["now": "2024-06-03T12:00:00Z"])
            try await platform.send(.post, "/t/ci-1/_mock/clock", json: ["now": "2020-01-01T00:00:00Z"])

            let reset = try await platform.send(.post, "/t/ci-1/_mock/reset")
            XCTAssertEqual(reset.status, .ok, reset.text)
            reset.assertJSON(["reset": true])

            let gone = try await platform.iql(.get, "/t/ci-1/iql/v1/driver/c1/info")
            XCTAssertEqual(gone.status, .notFound, gone.text)
            let tenantClock = try await platform.send(.get, "/t/ci-1/_mock/clock")
            XCTAssertEqual(try tenantClock.json()["mode"] as? String, "real")

            let kept = try await platform.iql(.get, "/iql/v1/driver/d1/info")
            XCTAssertEqual(kept.status, .ok, kept.text)
            let rootClock = try await platform.send(.get, "/_mock/clock")
            rootClock.assertJSON(["now": "2024-06-03T12:00:00.000Z", "mode": "frozen"])
        }
    }

    func testResetOfDefaultLeavesOtherTenants() async throws {
        try await TestPlatform.run { platform in
            try await platform.createDriver("d1")
            try await platform.createDriver("c1", tenantPrefix: "/t/ci-1")
            try await platform.send(.post, "/_mock/clock", json: ["now": "2024-06-03T12:00:00Z"])
            try await platform.send(.post, "/t/ci-1/_mock/clock", json: ["now": "2020-01-01T00:00:00Z"])

            let reset = try await platform.send(.post, "/_mock/reset", json: [String: Any]())
            reset.assertJSON(["reset": true])

            let gone = try await platform.iql(.get, "/iql/v1/driver/d1/info")
            XCTAssertEqual(gone.status, .notFound)
            let rootClock = try await platform.send(.get, "/_mock/clock")
            XCTAssertEqual(try rootClock.json()["mode"] as? String, "real")
            let kept = try await platform.iql(.get, "/t/ci-1/iql/v1/driver/c1/info")
            XCTAssertEqual(kept.status, .ok)
            let tenantClock = try await platform.send(.get, "/t/ci-1/_mock/clock")
            tenantClock.assertJSON(["now": "2020-01-01T00:00:00.000Z", "mode": "frozen"])

            // The reset tenant works as new.
            try await platform.createDriver("d1")
        }
    }

    func testBadTenantNamesAre404() async throws {
        try await TestPlatform.run { platform in
            let longest = String(repeating: "a", count: 40)
            let ok = try await platform.iql(.get, "/t/\(longest)/iql/v1/locations")
            XCTAssertEqual(ok.status, .ok, "a 40-character name is valid: \(ok.text)")
            for name in ["Bad_Name", longest + "a", "UPPER", "a_b", "a.b", "%C3%A9t%C3%A9", "a%20b"] {
                let reply = try await platform.iql(.get, "/t/\(name)/iql/v1/locations")
                XCTAssertEqual(reply.status, .notFound, "\(name): \(reply.text)")
                XCTAssertNotNil(reply.iqlError, "IQL error shape: \(reply.text)")
            }
            let empty = try await platform.iql(.get, "/t//iql/v1/locations")
            XCTAssertEqual(empty.status, .notFound, empty.text)

            // Each surface renders the 404 in its own shape.
            let control = try await platform.send(.get, "/t/Bad_Name/_mock/health")
            XCTAssertEqual(control.status, .notFound)
            XCTAssertEqual(control.headers[.contentType], "application/problem+json")
            let publisher = try await platform.send(.get, "/t/Bad_Name/publisher/v1/insurers")
            publisher.assertDRF(.notFound, ["detail": "Not found."])
        }
    }

    /// `default` exists from the start; other tenants appear when a request first uses their
    /// state (health and readiness create none).
    func testTenantListIsDefaultFirstThenCreationOrder() async throws {
        let wall = ManualWallClock(ClockTests.wallStart)
        try await TestPlatform.run(wallClock: wall.reader) { platform in
            try await platform.send(.get, "/t/zeta/_mock/clock")
            wall.advance(by: 1.5)
            try await platform.send(.get, "/t/Bad_Name/_mock/health")
            try await platform.send(.get, "/t/alpha/_mock/clock")
            wall.advance(by: 1.5)
            try await platform.send(.get, "/t/zeta/_mock/clock")
            let reply = try await platform.send(.get, "/_mock/tenants")
            XCTAssertEqual(reply.status, .ok, reply.text)
            reply.assertJSON(["tenants": [
                ["name": "default", "created_at": "2025-03-10T08:00:00.000Z"],
                ["name": "zeta", "created_at": "2025-03-10T08:00:00.000Z"],
                ["name": "alpha", "created_at": "2025-03-10T08:00:01.500Z"],
            ]])

            // created_at is wall-clock, kept across a reset, not the tenant clock.
            try await platform.send(.post, "/t/zeta/_mock/clock", json: ["now": "2001-01-01T00:00:00Z"])
            try await platform.send(.post, "/t/zeta/_mock/reset")
            try await platform.send(.get, "/t/omega/_mock/clock")
            let after = try await platform.send(.get, "/_mock/tenants/")
            let names = (try after.json()["tenants"] as? [[String: Any]])?.compactMap { $0["name"] as? String }
            XCTAssertEqual(names, ["default", "zeta", "alpha", "omega"])
            let zeta = (try after.json()["tenants"] as? [[String: Any]])?.first { $0["name"] as? String == "zeta" }
            XCTAssertEqual(zeta?["created_at"] as? String, "2025-03-10T08:00:00.000Z")
        }
    }

    func testTenantListIsForTheDefaultTenantOnly() async throws {
        try await TestPlatform.run { platform in
            let reply = try await platform.send(.get, "/t/x/_mock/tenants")
            XCTAssertEqual(reply.status, .notFound)
            XCTAssertEqual(reply.headers[.contentType], "application/problem+json")
            let body = try reply.json()
            XCTAssertEqual(body["status"] as? Int, 404)
            XCTAssertEqual(body["title"] as? String, "Not Found")
            XCTAssertNotNil(body["type"] as? String)
            XCTAssertNotNil(body["detail"] as? String)
        }
    }

    func testResetRefusesOtherMethods() async throws {
        try await TestPlatform.run { platform in
            let reply = try await platform.send(.get, "/_mock/reset")
            reply.assertProblem(.methodNotAllowed, "method GET is not allowed")
            XCTAssertEqual(reply.headers[.allow], "POST")
        }
    }
}
