import Foundation
import HTTPTypes
@testable import MockCampaigns
@testable import MockIQL
@testable import MockLoyalty
@testable import MockPlatform
@testable import MockPlatformRuntime
@testable import MockPublisher
@testable import MockWallet
@testable import MockWebhooks
import XCTest

/// Per-tenant collection quotas (`serve --quota NAME=N`): at the bound a request still passes,
/// one more is refused with 429 `tenant quota exceeded: <collection>` in its API's own error
/// shape, nothing changes, and the refusal is counted in `/_mock/metrics`.
final class TenantQuotaTests: XCTestCase {
    /// A server whose tenants hold at most `limits`.
    private static func run(
        _ limits: [TenantQuotas.Collection: Int], _ test: @escaping @Sendable (TestPlatform) async throws -> Void
    ) async throws {
        var options = ServerOptions()
        for (collection, limit) in limits { options.quotas[collection] = limit }
        try await TestPlatform.run(options: options, test)
    }

    private static func assertProblem(_ reply: TestPlatform.Reply, _ collection: String, file: StaticString = #filePath, line: UInt = #line) {
        reply.assertProblem(.tooManyRequests, "tenant quota exceeded: \(collection)", file: file, line: line)
    }

    func testClientUUIDsACampaignIsSentTo() async throws {
        try await Self.run([.clients: 2]) { platform in
            let id = try await CampaignAuthoringTests.createID(platform, kind: "simple_push")
            let two = try await platform.send(.post, "/_mock/campaigns/\(id)/send", json: ["client_uuids": ["c1", "c2", "c1"]])
            XCTAssertEqual(two.status, .accepted, "two distinct clients: \(two.text)")
            let again = try await platform.send(.post, "/_mock/campaigns/\(id)/send", json: ["client_uuids": ["c2"]])
            XCTAssertEqual(again.status, .accepted, "a known client takes no new slot")
            Self.assertProblem(
                try await platform.send(.post, "/_mock/campaigns/\(id)/send", json: ["client_uuids": ["c3"], "device_tokens": [SampleTokens.apns]]),
                "clients"
            )
            let pushes = try await platform.send(.get, "/_mock/pushes").json()["pushes"] as? [Any]
            XCTAssertEqual(pushes?.count, 0, "a refused send sends nothing")
            let bearer: HTTPFields = [.authorization: "Bearer sdk"]
            let c3 = try await platform.send(.get, "/campaign-backend/campaign/IOS/get-pushes/c3", headers: bearer)
            XCTAssertEqual(c3.text, "[]")
            let counted = try await LimitMetrics.rejections("quota_clients", platform)
            XCTAssertEqual(counted, 1)
        }
    }

    func testDriversAndTripsPerDriver() async throws {
        try await Self.run([.drivers: 2, .trips: 3]) { platform in
            try await platform.send(.post, "/_mock/clock", json: ["now": TestPlatform.tripNow])
            try await platform.createDriver("d1")
            try await platform.createDriver("d2")
            let third = try await platform.iql(.put, "/iql/v1/driver/d3/info", json: ["country": "USA", "state": "AZ", "zipcode": "85004"])
            XCTAssertEqual(third.status, .tooManyRequests, third.text)
            XCTAssertEqual(try third.json() as? [String: String], ["success": "false", "error": "tenant quota exceeded: drivers"])
            let unknown = try await platform.iql(.get, "/iql/v1/driver/d3/info")
            XCTAssertEqual(unknown.status, .notFound, "nothing was stored")
            try await platform.createDriver("d1", state: "NY", zipcode: "10118")

            let three = try await platform.mockTrips("d1", ["date": "2024-06-01", "count": 3, "distance_miles_each": 3])
            XCTAssertEqual(three.status, .ok, three.text)
            let fourth = try await platform.mockTrips("d1", ["date": "2024-06-02", "count": 1, "distance_miles_each": 3])
            XCTAssertEqual(fourth.status, .tooManyRequests, fourth.text)
            XCTAssertEqual(fourth.iqlError, "tenant quota exceeded: trips")
            let trips = try await platform.listedTrips("d1", query: "order_type=asc")
            XCTAssertEqual(trips.count, 3, "the refused trip was not added")
            let other = try await platform.mockTrips("d2", ["date": "2024-06-01", "count": 3, "distance_miles_each": 3])
            XCTAssertEqual(other.status, .ok, "the trip quota is per driver: \(other.text)")

            let drivers = try await LimitMetrics.rejections("quota_drivers", platform)
            let tripRefusals = try await LimitMetrics.rejections("quota_trips", platform)
            XCTAssertEqual(drivers, 1)
            XCTAssertEqual(tripRefusals, 1)
        }
    }

    func testDeviceTokens() async throws {
        try await Self.run([.deviceTokens: 2]) { platform in
            func register(_ token: String, _ kind: String) async throws -> TestPlatform.Reply {
                try await platform.send(.post, "/publisher/v1/drivers/d1/device_token", json: ["token": token, "platform": kind])
            }
            let first = try await register(SampleTokens.apns, "ios")
            let second = try await register(SampleTokens.fcm, "android")
            XCTAssertEqual([first.status, second.status], [.ok, .ok], second.text)
            let again = try await register(SampleTokens.apns, "ios")
            XCTAssertEqual(again.status, .ok, "re-registering a known token adds nothing: \(again.text)")
            let third = try await register(SampleTokens.apns2, "ios")
            third.assertDRF(.tooManyRequests, ["detail": "tenant quota exceeded: device_tokens"])
            let stored = try await platform.registrations(of: "d1")
            XCTAssertEqual(stored.map(\.token), [SampleTokens.apns, SampleTokens.fcm])
            let counted = try await LimitMetrics.rejections("quota_device_tokens", platform)
            XCTAssertEqual(counted, 1)
        }
    }

    func testFaultRulesAndWebhookEndpoints() async throws {
        try await Self.run([.faults: 2, .endpoints: 1]) { platform in
            for _ in 0..<2 {
                let created = try await platform.send(.post, "/_mock/faults", json: ["status": 503])
                XCTAssertEqual(created.status, .created, created.text)
            }
            Self.assertProblem(try await platform.send(.post, "/_mock/faults", json: ["status": 503]), "faults")
            let faults = try await platform.send(.get, "/_mock/faults").json()["faults"] as? [Any]
            XCTAssertEqual(faults?.count, 2)

            let url = "http://127.0.0.1:9/hook"
            let endpoint = try await platform.send(.post, "/_mock/webhooks/endpoints", json: ["url": url])
            XCTAssertEqual(endpoint.status, .created, endpoint.text)
            Self.assertProblem(try await platform.send(.post, "/_mock/webhooks/endpoints", json: ["url": url]), "endpoints")
            let endpoints = try await platform.send(.get, "/_mock/webhooks/endpoints").json()["endpoints"] as? [Any]
            XCTAssertEqual(endpoints?.count, 1)

            let other = try await platform.send(.post, "/t/other/_mock/faults", json: ["status": 503])
            XCTAssertEqual(other.status, .created, "quotas are per tenant: \(other.text)")
            let faultRefusals = try await LimitMetrics.rejections("quota_faults", platform)
            let endpointRefusals = try await LimitMetrics.rejections("quota_endpoints", platform)
            XCTAssertEqual([faultRefusals, endpointRefusals], [1, 1])
        }
    }

    /// One `campaigns` bound holds for both kinds of campaign, each counted on its own.
    func testIQLAndPushCampaigns() async throws {
        let fixtureCampaigns = TestFixtures.shared.campaigns.count
        try await Self.run([.qualificationCampaigns: fixtureCampaigns + 1]) { platform in
            func campaign(_ id: String) throws -> [String: Any] {
                var object = try XCTUnwrap(
                    JSONSerialization.jsonObject(with: JSONEncoder().encode(TestFixtures.shared.campaigns[0])) as? [String: Any]
                )
                object["campaign_id"] = id
                object["offer_id"] = "ad_\(id)_001"
                return object
            }
            let added = try await platform.send(.post, "/_mock/iql/campaigns", json: try campaign("one"))
            XCTAssertEqual(added.status, .created, added.text)
            Self.assertProblem(try await platform.send(.post, "/_mock/iql/campaigns", json: try campaign("two")), "campaigns")
            let listed = try await platform.send(.get, "/_mock/iql/campaigns").json()["campaigns"] as? [Any]
            XCTAssertEqual(listed?.count, fixtureCampaigns + 1)

            let payload = try CampaignSamples.payload("simple_push")
            for _ in 0...fixtureCampaigns {
                let created = try await platform.send(.post, "/_mock/campaigns", json: ["payload": payload])
                XCTAssertEqual(created.status, .created, created.text)
            }
            Self.assertProblem(try await platform.send(.post, "/_mock/campaigns", json: ["payload": payload]), "campaigns")
            let pushes = try await platform.send(.get, "/_mock/campaigns").json()["campaigns"] as? [Any]
            XCTAssertEqual(pushes?.count, fixtureCampaigns + 1)
            let counted = try await LimitMetrics.rejections("quota_campaigns", platform)
            XCTAssertEqual(counted, 2)
        }
    }

    func testWalletRegistrations() async throws {
        try await Self.run([.registrations: 1]) { platform in
            let auth: HTTPFields = [.authorization: "ApplePass \(try await PassWebServiceTests.token(platform))"]
            let body = ["pushToken": PassWebServiceTests.pushToken]
            let first = try await platform.send(.post, PassWebServiceTests.registration("device-1"), json: body, headers: auth)
            XCTAssertEqual(first.status, .created, first.text)
            let again = try await platform.send(.post, PassWebServiceTests.registration("device-1"), json: body, headers: auth)
            XCTAssertEqual(again.status, .ok, "a known registration only changes its token: \(again.text)")
            let second = try await platform.send(.post, PassWebServiceTests.registration("device-2"), json: body, headers: auth)
            XCTAssertEqual(second.status, .tooManyRequests, second.text)
            XCTAssertEqual(try second.json()["detail"] as? String, "tenant quota exceeded: registrations")
            let listed = try await platform.send(.get, "/wallet/v1/devices/device-2/registrations/\(PassWebServiceTests.passType)")
            XCTAssertEqual(listed.status, .noContent, "nothing was registered")
            let counted = try await LimitMetrics.rejections("quota_registrations", platform)
            XCTAssertEqual(counted, 1)
        }
    }

    func testQuotaFlagsParse() throws {
        var quotas = TenantQuotas()
        XCTAssertEqual(quotas[.drivers], 1_000_000)
        XCTAssertEqual(quotas[.trips], 10_000)
        XCTAssertEqual(quotas[.endpoints], 100)
        try quotas.set(parsing: "device_tokens=5")
        XCTAssertEqual(quotas[.deviceTokens], 5)
        XCTAssertThrowsError(try quotas.set(parsing: "drivers=-1"))
        XCTAssertThrowsError(try quotas.set(parsing: "drivers"))
    }

    /// A name is checked against the collections the modules declare when the server starts.
    func testAQuotaNoModuleDeclaresStopsTheStart() throws {
        var options = ServerOptions()
        for text in ["drivers=3", "tokens=5", "Drivers=2"] { try options.quotas.set(parsing: text) }
        XCTAssertThrowsError(try TestPlatform.makeResponder(options: options), "the first unknown name given") { error in
            XCTAssertEqual(
                "\(error)",
                "quota must be NAME=N with NAME one of drivers, trips, campaigns, device_tokens, clients, members, registrations, "
                    + "endpoints, audit_guides, faults, got 'tokens=5'"
            )
        }
        options = ServerOptions()
        try options.quotas.set(parsing: "Drivers=2")
        XCTAssertThrowsError(try TestPlatform.makeResponder(options: options)) { error in
            XCTAssertTrue("\(error)".hasSuffix("got 'Drivers=2'"), "names are compared exactly: \(error)")
        }
        options = ServerOptions()
        try options.quotas.set(parsing: "campaigns=5")
        XCTAssertNoThrow(try TestPlatform.makeResponder(options: options), "declared by IQL and by the push campaigns")
    }

    /// Past `--max-tenants`, a new tenant is refused in each API's own error shape; health needs
    /// no tenant, and existing tenants still answer.
    func testTenantsBeyondTheLimitAreRefusedInEachAPIsShape() async throws {
        try await TestPlatform.run(options: ServerOptions(maxTenants: 2)) { platform in
            let first = try await platform.send(.get, "/t/a/_mock/clock")
            XCTAssertEqual(first.status, .ok)
            try await platform.send(.get, "/t/b/_mock/clock").assertProblem(.tooManyRequests, "tenant limit reached")
            assertIQLError(try await platform.iql(.get, "/t/b/iql/v1/locations"), .tooManyRequests, "tenant limit reached")
            let health = try await platform.send(.get, "/t/b/_mock/health")
            XCTAssertEqual(health.status, .ok, "health needs no tenant")
            let again = try await platform.send(.get, "/t/a/_mock/clock")
            XCTAssertEqual(again.status, .ok, "existing tenants still answer")
        }
    }
}

extension TenantQuotaTests {
    /// Members are stored only from fixtures, scenarios and state documents: an import over
    /// the quota is refused (400 naming the collection, as every import over a quota) and the
    /// tenant keeps its state.
    func testMembersOfAnImportedState() async throws {
        let fixtureMembers = TestFixtures.shared.members.count
        try await Self.run([.members: fixtureMembers - 1]) { platform in
            try await platform.createDriver("kept")
            let document = try await platform.send(.get, "/_mock/state").json()
            try await platform.send(.put, "/_mock/state", json: document).assertProblem(
                .badRequest, "state is not valid: \(fixtureMembers) members, over --quota members=\(fixtureMembers - 1)"
            )
            let kept = try await platform.iql(.get, "/iql/v1/driver/kept/info")
            XCTAssertEqual(kept.status, .ok, "the tenant is unchanged: \(kept.text)")
            let counted = try await LimitMetrics.rejections("quota_members", platform)
            XCTAssertEqual(counted, 1)
        }
        try await Self.run([.members: fixtureMembers]) { platform in
            let document = try await platform.send(.get, "/_mock/state").json()
            let imported = try await platform.send(.put, "/_mock/state", json: document)
            XCTAssertEqual(imported.status, .ok, "exactly the quota passes: \(imported.text)")
        }
    }
}
