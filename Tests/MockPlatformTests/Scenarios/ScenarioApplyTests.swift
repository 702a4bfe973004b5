import Foundation
import HTTPTypes
@testable import MockPlatform
import XCTest

/// Scenarios: list and apply (`openapi/control.yaml`, tag scenarios).
final class ScenarioApplyTests: XCTestCase {
    private static let poqUser = HTTPField.Name("Poq-User-Id") ?? .authorization
    private static let fiveDays = 5 * 86_400

    private static func apply(_ platform: TestPlatform, _ name: String, tenant: String = "") async throws -> [String: Any] {
        let reply = try await platform.send(.post, "\(tenant)/_mock/scenarios/\(name)/apply")
        XCTAssertEqual(reply.status, .ok, reply.text)
        return try reply.json()
    }

    private static func driver(_ platform: TestPlatform, _ id: String, tenant: String = "") async throws -> TestPlatform.Reply {
        try await platform.send(.get, "\(tenant)/_mock/iql/drivers/\(id)")
    }

    private static func count(_ key: String, in object: [String: Any]) -> Int? { (object[key] as? [Any])?.count }

    func testTheListNamesEveryScenarioWithItsDriversAndMembers() async throws {
        try await TestPlatform.run { platform in
            let list = try await platform.send(.get, "/_mock/scenarios").json()["scenarios"] as? [[String: Any]] ?? []
            XCTAssertEqual(list.compactMap { $0["name"] as? String }, [
                "loyalty-empty", "loyalty-errors", "loyalty-inactive", "new-driver", "offer-expired", "qualified-driver",
                "slow-network", "unsupported-state",
            ])
            let newDriver = list.first { $0["name"] as? String == "new-driver" }
            XCTAssertEqual(newDriver?["drivers"] as? [String], ["driver-new"])
            XCTAssertEqual(list.first { $0["name"] as? String == "loyalty-empty" }?["members"] as? [String], ["member-gold"])
            XCTAssertTrue(list.allSatisfy { $0["applied_at"] == nil && !($0["description"] as? String ?? "").isEmpty })

            let applied = try await Self.apply(platform, "new-driver")
            XCTAssertEqual(applied["name"] as? String, "new-driver")
            XCTAssertNotNil(applied["applied_at"] as? String)
            let after = try await platform.send(.get, "/_mock/scenarios").json()["scenarios"] as? [[String: Any]] ?? []
            XCTAssertEqual(after.filter { $0["applied_at"] != nil }.compactMap { $0["name"] as? String }, ["new-driver"])
            try await platform.send(.post, "/_mock/reset")
            let reset = try await platform.send(.get, "/_mock/scenarios").json()["scenarios"] as? [[String: Any]] ?? []
            XCTAssertTrue(reset.allSatisfy { $0["applied_at"] == nil }, "a reset forgets the applied scenario")
        }
    }

    func testTheNewDriverQualifiesOnceItsPlannedTripsAreDrivenAndTheWebhookGoesOut() async throws {
        let receiver = WebhookReceiver()
        let port = try await receiver.start()
        try await TestPlatform.run { platform in
            _ = try await Self.apply(platform, "new-driver")
            let before = try await Self.driver(platform, "driver-new").json()
            XCTAssertEqual(Self.count("trips", in: before), 0)
            XCTAssertEqual(Self.count("planned_trips", in: before), 6)
            XCTAssertEqual(Self.count("offers", in: before), 0)
            try await platform.send(.post, "/_mock/webhooks/endpoints", json: ["url": "http://127.0.0.1:\(port)/hook"])

            let advanced = try await platform.send(.post, "/_mock/clock", json: ["advance_seconds": Self.fiveDays])
            XCTAssertEqual(advanced.status, .ok, advanced.text)
            let after = try await Self.driver(platform, "driver-new").json()
            XCTAssertEqual(Self.count("trips", in: after), 6)
            XCTAssertEqual(Self.count("planned_trips", in: after), 0)
            let offers = after["offers"] as? [[String: Any]] ?? []
            XCTAssertEqual(offers.map { $0["offer_id"] as? String }, ["ad_default_001"])
            XCTAssertEqual(offers.first?["active"] as? Bool, true)
            let delivered = try await WebhookReceiver.eventually {
                receiver.deliveries.contains { String(decoding: $0.body, as: UTF8.self).contains("\"offer_id\":\"ad_default_001\"") }
            }
            XCTAssertTrue(delivered, "the qualification webhook reached the receiver")
        }
        await receiver.stop()
    }

    func testAPastThatImpliesAnOfferIsSettledWithoutEventsAndAReapplyReplacesIt() async throws {
        try await TestPlatform.run { platform in
            _ = try await Self.apply(platform, "qualified-driver")
            let qualified = try await Self.driver(platform, "driver-qualified").json()
            XCTAssertEqual((qualified["offers"] as? [[String: Any]])?.first?["active"] as? Bool, true)
            XCTAssertEqual(Self.count("trips", in: qualified), 6)
            let events = try await platform.send(.get, "/_mock/events").json()
            XCTAssertEqual(Self.count("events", in: events), 0, "applying emits nothing")
            let adUnit = try await platform.iql(.get, "/iql/v2/ad_unit/driver-qualified")
            XCTAssertEqual(adUnit.status, .ok, adUnit.text)
            XCTAssertTrue(adUnit.text.contains("ad_default_001"), adUnit.text)

            _ = try await Self.apply(platform, "offer-expired")
            let gone = try await Self.driver(platform, "driver-qualified")
            XCTAssertEqual(gone.status, .notFound, "the tenant was replaced, not merged")
            let expired = try await Self.driver(platform, "driver-expired").json()
            let offer = (expired["offers"] as? [[String: Any]])?.first
            XCTAssertEqual(offer?["active"] as? Bool, false)
            XCTAssertEqual(expired["disqualified"] as? Bool, false)
            let unsupported = try await Self.apply(platform, "unsupported-state", tenant: "/t/other")
            XCTAssertEqual(unsupported["drivers"] as? [String], ["driver-unsupported"])
            let californian = try await Self.driver(platform, "driver-unsupported", tenant: "/t/other").json()
            XCTAssertEqual(Self.count("offers", in: californian), 0)
            XCTAssertEqual(Self.count("trips", in: californian), 6)
            let stillExpired = try await Self.driver(platform, "driver-expired")
            XCTAssertEqual(stillExpired.status, .ok, "another tenant's apply leaves this one alone")
        }
    }

    func testApplyingReplacesTheWholeTenantWithTheScenariosMembersAndFaults() async throws {
        try await TestPlatform.run { platform in
            try await platform.createDriver("d1")
            try await platform.send(.post, "/_mock/faults", json: ["path": "/iql/**", "status": 503])
            _ = try await Self.apply(platform, "loyalty-empty")
            let d1 = try await Self.driver(platform, "d1")
            XCTAssertEqual(d1.status, .notFound)
            let faults = try await platform.send(.get, "/_mock/faults").json()
            XCTAssertEqual(Self.count("faults", in: faults), 0)
            let summary = try await platform.send(.get, "/loyalty/v1/summary", headers: [Self.poqUser: "member-gold"]).json()
            XCTAssertEqual(summary["points"] as? Int, 0)
            let rewards = try await platform.send(.get, "/loyalty/v1/rewards", headers: [Self.poqUser: "member-gold"])
            XCTAssertEqual(rewards.status, .ok, rewards.text)
            XCTAssertEqual(rewards.text.contains("rw-"), false, "no rewards")
            let other = try await platform.send(.get, "/t/other/loyalty/v1/summary", headers: [Self.poqUser: "member-gold"]).json()
            XCTAssertEqual(other["points"] as? Int, 420, "other tenants keep the fixtures")

            _ = try await Self.apply(platform, "loyalty-inactive")
            let inactive = try await platform.send(.get, "/loyalty/v1/summary", headers: [Self.poqUser: "member-gold"]).json()
            XCTAssertEqual(inactive["isActive"] as? Bool, false)
        }
    }

    func testFaultScenariosInstallTheirRules() async throws {
        try await TestPlatform.run { platform in
            _ = try await Self.apply(platform, "loyalty-errors")
            let faults = try await platform.send(.get, "/_mock/faults").json()
            XCTAssertEqual(Self.count("faults", in: faults), 4)
            let apply = try await platform.send(.post, "/loyalty/v1/rewards/rw-2off/apply", headers: [Self.poqUser: "member-gold"])
            XCTAssertEqual(apply.status, .internalServerError)
            XCTAssertEqual(apply.headers[.contentType], "application/problem+json")
            let locations = try await platform.iql(.get, "/iql/v1/locations")
            XCTAssertEqual(locations.status, .ok, "other APIs are untouched")

            _ = try await Self.apply(platform, "slow-network")
            let started = ContinuousClock.now
            let slow = try await platform.iql(.get, "/iql/v1/locations")
            XCTAssertEqual(slow.status, .ok)
            XCTAssertGreaterThanOrEqual(ContinuousClock.now - started, .milliseconds(700))
        }
    }

    func testAnUnknownScenarioIs404AndChangesNothing() async throws {
        try await TestPlatform.run { platform in
            try await platform.createDriver("d1")
            let reply = try await platform.send(.post, "/_mock/scenarios/no-such/apply")
            XCTAssertEqual(reply.status, .notFound)
            XCTAssertEqual(try reply.json()["detail"] as? String, "no scenario no-such")
            let typo = try await platform.send(.post, "/_mock/scenarios/new-drivr/apply")
            XCTAssertEqual(try typo.json()["detail"] as? String, "no scenario new-drivr (did you mean new-driver?)")
            let d1 = try await Self.driver(platform, "d1")
            XCTAssertEqual(d1.status, .ok)
        }
    }

    /// Readers during repeated applies see the old tenant or the whole new one, never a tenant
    /// whose scenario is half in place.
    func testReadersNeverSeeAHalfAppliedScenario() async throws {
        try await TestPlatform.run { platform in
            _ = try await Self.apply(platform, "qualified-driver")
            try await withThrowingTaskGroup(of: [Int].self) { group in
                group.addTask {
                    for _ in 0..<60 { _ = try await Self.apply(platform, "qualified-driver") }
                    return []
                }
                for _ in 0..<4 {
                    group.addTask {
                        var offerCounts: [Int] = []
                        for _ in 0..<150 {
                            let reply = try await Self.driver(platform, "driver-qualified")
                            offerCounts.append(reply.status == .ok ? Self.count("offers", in: try reply.json()) ?? -1 : -2)
                        }
                        return offerCounts
                    }
                }
                for try await counts in group {
                    XCTAssertTrue(counts.allSatisfy { $0 == 1 }, "every read saw the driver with its offer: \(counts)")
                }
            }
        }
    }

    func testPlannedTripsSurviveExportAndImport() async throws {
        try await TestPlatform.run { platform in
            _ = try await Self.apply(platform, "new-driver")
            let state = try await platform.send(.get, "/_mock/state")
            try await platform.send(.post, "/_mock/reset")
            let imported = try await platform.send(.put, "/_mock/state", body: state.text, headers: [.contentType: "application/json"])
            XCTAssertEqual(imported.status, .ok, imported.text)
            try await platform.send(.post, "/_mock/clock", json: ["advance_seconds": Self.fiveDays])
            let driver = try await Self.driver(platform, "driver-new").json()
            XCTAssertEqual(Self.count("offers", in: driver), 1)
        }
    }
}
