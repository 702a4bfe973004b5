import Foundation
import HTTPTypes
@testable import MockPlatform
@testable import MockPlatformRuntime
import XCTest

/// The live tenant runtime: timers that fire on the tenant clock, the event log's subscribers,
/// and snapshots.
final class TenantRuntimeTests: XCTestCase {
    private static let start = "2024-06-10T12:00:00Z"
    /// `start` + 30 days: the default campaign's offer validity and test-drive length.
    private static let thirtyDaysLater = "2024-07-10T12:00:00.000Z"

    /// With the clock running from just before an offer's expiry, the offer expires and what
    /// follows is emitted by itself: no request touches either driver.
    func testRunningClockFiresTimersWithoutRequests() async throws {
        try await TestPlatform.run { platform in
            try await platform.send(.post, "/_mock/clock", json: ["now": Self.start])
            try await Self.qualify("d1", platform)
            try await platform.createDriver("d2") // opted in now: test drive ends with d1's offer
            let offer = try await platform.iql(.get, "/iql/v2/ad_unit/d1").json()["ad_unit"] as? [String: Any]
            XCTAssertNotNil(offer, "d1 holds an offer")

            let running = try await platform.send(.post, "/_mock/clock", json: ["now": "2024-07-10T11:59:58.500Z", "running": true])
            XCTAssertEqual(running.status, .ok, running.text)
            let timers = try await platform.send(.get, "/_mock/timers").json()["timers"] as? [[String: Any]] ?? []
            XCTAssertEqual(timers.map { $0["key"] as? String }, ["iql_driver:d1", "iql_driver:d2"])
            XCTAssertEqual(timers.map { $0["due"] as? String }, [Self.thirtyDaysLater, Self.thirtyDaysLater])

            var disqualification: [String: Any]?
            for _ in 0..<50 where disqualification == nil {
                try await Task.sleep(for: .milliseconds(100))
                let events = try await platform.send(.get, "/_mock/events?type=disqualification_status").json()["events"] as? [[String: Any]]
                disqualification = events?.first
            }
            let event = try XCTUnwrap(disqualification, "d2's test drive ended by itself")
            XCTAssertEqual(event["driver_id"] as? String, "d2")
            let at = try XCTUnwrap((event["created_at"] as? String).flatMap(RFC3339.date(from:)))
            XCTAssertGreaterThanOrEqual(at, try XCTUnwrap(RFC3339.date(from: Self.thirtyDaysLater)))
            let after = try await platform.send(.get, "/_mock/timers").json()["timers"] as? [[String: Any]] ?? []
            XCTAssertFalse(after.contains { $0["key"] as? String == "iql_driver:d1" }, "d1's expiry timer fired: \(after)")
            let expired = try await platform.iql(.get, "/iql/v2/ad_unit/d1").json()
            XCTAssertNil(expired["ad_unit"] as? [String: Any], "the offer is no longer served")
        }
    }

    /// A subscriber sees every event once, in sequence order, including those of several timers
    /// fired by one clock advance.
    func testSubscriberReceivesEveryEventOnceInSequenceOrder() async throws {
        try await TestPlatform.run { platform in
            let stream = try platform.tenants.tenant(.default).events.subscribe()
            let received = Task {
                var events: [PlatformEvent] = []
                for await event in stream { events.append(event) }
                return events
            }
            try await platform.send(.post, "/_mock/clock", json: ["now": Self.start])
            for driver in ["d1", "d2", "d3"] {
                try await platform.createDriver(driver)
                let packet = try await platform.iql(.post, "/iql/v1/testing/driver/\(driver)/sdk_health", json: [
                    "location_permission": "always", "activity_permission": "granted",
                    "precise_location": true, "notifications": true,
                ])
                XCTAssertEqual(packet.status, .ok, packet.text)
            }
            let before = try await Self.events(platform).count
            try await platform.send(.post, "/_mock/clock", json: ["advance_seconds": 4 * 86_400])
            let listed = try await Self.events(platform)
            let fired = listed.dropFirst(before)
            XCTAssertGreaterThanOrEqual(Set(fired.compactMap { $0["driver_id"] as? String }).count, 3, "one advance fired every driver's timer")

            try platform.tenants.reset(.default) // ends the old tenant's subscriptions
            let events = await received.value
            XCTAssertEqual(events.map(\.sequence), Array(1...UInt64(listed.count)))
            XCTAssertEqual(events.map(\.id), listed.compactMap { $0["id"] as? String })
            XCTAssertEqual(Set(events.map(\.id)).count, events.count)
        }
    }

    /// A fresh tenant restored from a snapshot answers a set of GETs byte for byte as the
    /// original.
    func testSnapshotRestoresIdenticalResponses() async throws {
        let paths = [
            "/iql/v1/driver/d1/info", "/iql/v1/driver/d1/status?start_date=2024-06-01", "/iql/v1/driver/d1/trips?limit=3",
            "/iql/v2/ad_unit/d1", "/iql/v1/ads/driver_id/d1", "/iql/v1/driver/d2/info", "/_mock/iql/drivers/d1",
            "/_mock/iql/drivers/d2", "/_mock/events", "/_mock/iql/leads", "/_mock/clock", "/_mock/iql/campaigns", "/_mock/timers",
            "/_mock/webhooks/endpoints", "/_mock/webhooks/messages",
        ]
        let snapshot = SnapshotBox()
        let original = ReplyBox()
        try await TestPlatform.run { platform in
            try await platform.send(.post, "/_mock/clock", json: ["now": Self.start])
            try await Self.qualify("d1", platform)
            try await platform.createDriver("d2", state: "IL", zipcode: nil)
            let endpoint = try await platform.send(.post, "/_mock/webhooks/endpoints", json: ["url": "http://127.0.0.1:9/hook", "enabled": false])
            XCTAssertEqual(endpoint.status, .created, endpoint.text)
            try await platform.send(.post, "/_mock/clock", json: ["advance_seconds": 2 * 86_400])
            let taken = try await platform.tenants.tenant(.default).snapshot()
            let encoder = JSONEncoder()
            encoder.outputFormatting = .sortedKeys
            let decoder = JSONDecoder()
            decoder.userInfo[SettingsSchema.userInfoKey] = platform.tenants.settingsSchema
            let coded = try decoder.decode(TenantSnapshot.self, from: encoder.encode(taken))
            XCTAssertEqual(try encoder.encode(coded), try encoder.encode(taken), "a snapshot survives JSON")
            await snapshot.set(coded)
            for path in paths { await original.add(try await platform.iql(.get, path)) }
        }
        let taken = try await XCTUnwrapAsync(await snapshot.value)
        try await TestPlatform.run { platform in
            try platform.tenants.reset(.default, restoring: taken)
            let expected = await original.replies
            for (path, reply) in zip(paths, expected) {
                let restored = try await platform.iql(.get, path)
                XCTAssertEqual(restored.status, reply.status, path)
                XCTAssertEqual(restored.text, reply.text, path)
            }
        }
    }

    /// Drives five valid trips over three days for a new AZ driver: it qualifies.
    private static func qualify(_ driver: String, _ platform: TestPlatform) async throws {
        try await platform.createDriver(driver)
        for day in ["2024-06-07", "2024-06-08", "2024-06-09"] {
            let trips = try await platform.iql(
                .post, "/iql/v1/testing/driver/\(driver)/mock_trips", json: ["date": day, "count": 2, "distance_miles_each": 3]
            )
            XCTAssertEqual(trips.status, .ok, trips.text)
        }
    }

    private static func events(_ platform: TestPlatform) async throws -> [[String: Any]] {
        try await platform.send(.get, "/_mock/events").json()["events"] as? [[String: Any]] ?? []
    }
}

/// A snapshot handed from one test server to the next.
private actor SnapshotBox {
    private(set) var value: TenantSnapshot?
    func set(_ snapshot: TenantSnapshot) { value = snapshot }
}

/// Replies collected on one server, compared on another.
private actor ReplyBox {
    private(set) var replies: [TestPlatform.Reply] = []
    func add(_ reply: TestPlatform.Reply) { replies.append(reply) }
}

/// `XCTUnwrap` for a value read across an actor boundary.
func XCTUnwrapAsync<T>(_ value: @autoclosure () async -> T?, file: StaticString = #filePath, line: UInt = #line) async throws -> T {
    let resolved = await value()
    return try XCTUnwrap(resolved, file: file, line: line)
}
