import Foundation
@testable import MockPlatform
@testable import MockPlatformRuntime
import XCTest

/// Issue 18 finding 5: tenant slots are freed by `DELETE /_mock/tenants/{name}` and by
/// `--tenant-idle-ttl`, so junk tenants cannot lock new ones out until a restart.
final class TenantLifetimeTests: XCTestCase {
    private static func names(_ platform: TestPlatform) async throws -> [String] {
        let listed = try await platform.send(.get, "/_mock/tenants")
        return (try listed.json()["tenants"] as? [[String: Any]])?.compactMap { $0["name"] as? String } ?? []
    }

    func testDeletingATenantFreesItsSlotAndStopsItsTimers() async throws {
        var options = ServerOptions()
        options.maxTenants = 2
        try await TestPlatform.run(options: options) { platform in
            try await platform.createDriver("d1", tenantPrefix: "/t/ci-1")
            let full = try await platform.send(.get, "/t/ci-2/_mock/clock")
            full.assertProblem(.tooManyRequests, "tenant limit reached")
            let old = try XCTUnwrap(platform.tenants.existing(try XCTUnwrap(TenantName("ci-1"))))
            try await platform.send(.post, "/t/ci-1/_mock/webhooks/endpoints", json: ["url": "http://127.0.0.1:9/hook"])
            try await platform.send(.post, "/t/ci-1/_mock/webhooks/trigger", json: ["event": "engagement", "driver_id": "d1"])
            let retrying = try await WebhookReceiver.eventually { !old.runtime.scheduler.pending.isEmpty }
            XCTAssertTrue(retrying, "a refused attempt waits for its retry")

            let deleted = try await platform.send(.delete, "/_mock/tenants/ci-1")
            XCTAssertEqual(deleted.status, .noContent, deleted.text)
            let names = try await Self.names(platform)
            XCTAssertEqual(names, ["default"])
            XCTAssertTrue(old.runtime.scheduler.pending.isEmpty, "the dropped tenant's timers stopped")

            let freed = try await platform.send(.get, "/t/ci-2/_mock/clock")
            XCTAssertEqual(freed.status, .ok, "the slot is free: \(freed.text)")
            let fresh = try await platform.iql(.get, "/t/ci-1/iql/v1/driver/d1/info")
            XCTAssertEqual(fresh.status, .tooManyRequests, "ci-2 took the slot: \(fresh.text)")
            try await platform.send(.delete, "/_mock/tenants/ci-2")
            let recreated = try await platform.iql(.get, "/t/ci-1/iql/v1/driver/d1/info")
            XCTAssertEqual(recreated.status, .notFound, "a dropped tenant comes back from the fixtures: \(recreated.text)")
        }
    }

    func testDeletingAnswers404ForUnknownAnd409ForDefault() async throws {
        try await TestPlatform.run { platform in
            let unknown = try await platform.send(.delete, "/_mock/tenants/nobody")
            unknown.assertProblem(.notFound, "no tenant nobody")
            let badName = try await platform.send(.delete, "/_mock/tenants/Not_A_Name")
            XCTAssertEqual(badName.status, .notFound, badName.text)
            let root = try await platform.send(.delete, "/_mock/tenants/default")
            XCTAssertEqual(root.status, .conflict, root.text)
            XCTAssertEqual(try root.json()["detail"] as? String, "the default tenant cannot be deleted")
            try await platform.send(.get, "/t/ci-1/_mock/clock")
            let fromTenant = try await platform.send(.delete, "/t/ci-1/_mock/tenants/ci-1")
            fromTenant.assertProblem(.notFound, "tenants are deleted by the default tenant only")
            let names = try await Self.names(platform)
            XCTAssertEqual(names, ["default", "ci-1"])
        }
    }

    func testTheAdminTokenGuardsDeletion() async throws {
        var options = ServerOptions()
        options.adminToken = "secret"
        try await TestPlatform.run(options: options) { platform in
            try await platform.send(.get, "/t/ci-1/iql/v1/locations", headers: [.authorization: "APIKEY \(TestPlatform.apiKey)"])
            let refused = try await platform.send(.delete, "/_mock/tenants/ci-1")
            XCTAssertEqual(refused.status, .unauthorized, refused.text)
            let deleted = try await platform.send(.delete, "/_mock/tenants/ci-1", headers: [.authorization: "Bearer secret"])
            XCTAssertEqual(deleted.status, .noContent, deleted.text)
        }
    }

    func testIdleTenantsExpireButDefaultAndBusyOnesStay() async throws {
        let wall = ManualWallClock(Date(timeIntervalSince1970: 1_750_000_000))
        try await TestPlatform.run(wallClock: wall.reader) { platform in
            try await platform.send(.get, "/t/idle/_mock/clock")
            try await platform.send(.get, "/t/busy/_mock/clock")
            wall.advance(by: 50)
            try await platform.send(.get, "/t/busy/_mock/clock")
            wall.advance(by: 50)
            XCTAssertEqual(platform.tenants.expireIdle(after: .seconds(60)), [TenantName("idle")].compactMap { $0 })
            let names = try await Self.names(platform)
            XCTAssertEqual(names, ["default", "busy"])
            wall.advance(by: 61)
            platform.tenants.expireIdle(after: .seconds(60))
            let later = try await Self.names(platform)
            XCTAssertEqual(later, ["default"], "default is never dropped")
        }
    }

    func testDurationsAreWrittenWithAUnit() {
        XCTAssertEqual(Duration(flagText: "500ms"), .milliseconds(500))
        XCTAssertEqual(Duration(flagText: "5s"), .seconds(5))
        XCTAssertEqual(Duration(flagText: "1m"), .seconds(60))
        XCTAssertEqual(Duration(flagText: "24h"), .seconds(86_400))
        XCTAssertEqual(Duration(flagText: "0"), .zero)
        for bad in ["", "5", "h", "-1s", "1.5h", "5 s", "1d", "99999999999999999999h"] {
            XCTAssertNil(Duration(flagText: bad), bad)
        }
    }
}
