import Foundation
@testable import MockIQL
@testable import MockPlatform
import XCTest

/// `POST /iql/v1/testing/driver/{driver_id}/sdk_health` (`openapi/iql.yaml` postSdkHealth).
final class SdkHealthTests: XCTestCase {
    private static var healthy: [String: Any] {
        ["location_permission": "always", "activity_permission": "granted", "precise_location": true, "notifications": true]
    }
    /// 2024-06-10T12:00:00Z in epoch ms.
    private static let nowMilliseconds: Int64 = 1_718_020_800_000

    private static func send(_ platform: TestPlatform, _ body: [String: Any], driver: String = "d1") async throws -> TestPlatform.Reply {
        try await platform.iql(.post, "/iql/v1/testing/driver/\(driver)/sdk_health", json: body)
    }

    private static func healthy(_ change: [String: Any]) -> [String: Any] { healthy.merging(change) { $1 } }

    func testHealthyPacketIsStoredAsAHeartbeat() async throws {
        try await TestPlatform.run(fixtures: TestFixtures.shared) { platform in
            let registry = platform.tenants
            try await platform.freezeClock(at: TestPlatform.tripNow)
            let reply = try await Self.send(platform, Self.healthy)
            XCTAssertEqual(reply.status, .ok, reply.text)
            XCTAssertEqual(reply.headers[.contentType], "application/json; charset=utf-8")
            let body = try reply.json()
            XCTAssertEqual(Set(body.keys), ["success", "healthy"])
            XCTAssertEqual(body["success"] as? String, "true")
            XCTAssertEqual(body["healthy"] as? Bool, true)
            let stored = try await registry.storedDriver("d1")
            let driver = try XCTUnwrap(stored, "an unknown driver is created")
            XCTAssertEqual(driver.packets.count, 1)
            let packet = try XCTUnwrap(driver.packets.first)
            XCTAssertEqual(packet.locationPermission, .always)
            XCTAssertEqual(packet.activityPermission, .granted)
            XCTAssertTrue(packet.preciseLocation && packet.notifications && packet.isHealthy)
            XCTAssertEqual(packet.platform, .android)
            XCTAssertEqual(packet.timestamp, TripFactory.instant(TestPlatform.tripNow))
            XCTAssertEqual(driver.platform, .android, "the default platform")
            XCTAssertEqual(driver.lastHeartbeatAt, TripFactory.instant(TestPlatform.tripNow), "timestamp defaults to now")
            let info = try await platform.iql(.get, "/iql/v1/driver/d1/info")
            XCTAssertEqual(info.status, .ok, info.text)
        }
    }

    func testEachMissingPermissionMakesThePacketUnhealthy() async throws {
        try await TestPlatform.run { platform in
            try await platform.freezeClock(at: TestPlatform.tripNow)
            for change: [String: Any] in [
                ["location_permission": "while_in_use"], ["location_permission": "denied"],
                ["location_permission": "not_determined"], ["activity_permission": "denied"],
                ["activity_permission": "not_determined"], ["precise_location": false], ["notifications": false],
            ] {
                let reply = try await Self.send(platform, Self.healthy(change))
                XCTAssertEqual(reply.status, .ok, reply.text)
                XCTAssertEqual(try reply.json()["healthy"] as? Bool, false, "\(change)")
            }
        }
    }

    func testEnumsInAnyCaseAndTheAlwaysAllowAlias() async throws {
        try await TestPlatform.run(fixtures: TestFixtures.shared) { platform in
            let registry = platform.tenants
            try await platform.freezeClock(at: TestPlatform.tripNow)
            for location in ["Always Allow", "always allow", "ALWAYS", "Always"] {
                let reply = try await Self.send(platform, Self.healthy(["location_permission": location, "activity_permission": "GRANTED"]))
                XCTAssertEqual(try reply.json()["healthy"] as? Bool, true, "\(location): \(reply.text)")
            }
            let reply = try await Self.send(platform, Self.healthy(["location_permission": "While_In_Use", "platform": "IOS"]))
            XCTAssertEqual(try reply.json()["healthy"] as? Bool, false, reply.text)
            let stored = try await registry.storedDriver("d1")
            XCTAssertEqual(stored?.packets.last?.locationPermission, .whileInUse)
            XCTAssertEqual(stored?.packets.last?.platform, .ios)
        }
    }

    func testPlatformDefaultsToTheLastKnownOne() async throws {
        try await TestPlatform.run(fixtures: TestFixtures.shared) { platform in
            let registry = platform.tenants
            try await platform.freezeClock(at: TestPlatform.tripNow)
            for (given, expected) in [(nil, "android"), ("ios", "ios"), (nil, "ios"), ("android", "android"), (nil, "android")] {
                var body = Self.healthy
                body["platform"] = given
                let reply = try await Self.send(platform, body)
                XCTAssertEqual(reply.status, .ok, reply.text)
                let stored = try await registry.storedDriver("d1")
                XCTAssertEqual(stored?.packets.last?.platform.rawValue, expected, "\(given ?? "none")")
                XCTAssertEqual(stored?.platform?.rawValue, expected)
            }
        }
    }

    func testTimestampWithinTheLast24Hours() async throws {
        try await TestPlatform.run(fixtures: TestFixtures.shared) { platform in
            let registry = platform.tenants
            try await platform.freezeClock(at: TestPlatform.tripNow)
            let day: Int64 = 86_400_000
            for outside in [Self.nowMilliseconds - day - 1, Self.nowMilliseconds + 1, 0, -9_000_000_000_000_000_000, Int64.max] {
                assertIQLError(
                    try await Self.send(platform, Self.healthy(["timestamp": outside])), .badRequest,
                    "timestamp must be within the last 24 hours"
                )
            }
            assertIQLError(try await platform.iql(.get, "/iql/v1/driver/d1/info"), .notFound, "invalid driver id")
            for inside in [Self.nowMilliseconds, Self.nowMilliseconds - day, Self.nowMilliseconds - 3_600_000] {
                let reply = try await Self.send(platform, Self.healthy(["timestamp": inside]))
                XCTAssertEqual(reply.status, .ok, reply.text)
            }
            let stored = try await registry.storedDriver("d1")
            XCTAssertEqual(stored?.packets.map { $0.timestamp.timeIntervalSince1970 * 1000 }, [
                Double(Self.nowMilliseconds), Double(Self.nowMilliseconds - day), Double(Self.nowMilliseconds - 3_600_000),
            ])
            XCTAssertEqual(stored?.lastHeartbeatAt, TripFactory.instant(TestPlatform.tripNow), "the newest heartbeat")
        }
    }

    func testFieldRulesInTableOrder() async throws {
        try await TestPlatform.run { platform in
            try await platform.freezeClock(at: TestPlatform.tripNow)
            let cases: [([String: Any], String)] = [
                ([:], "location_permission is required"),
                (["location_permission": NSNull()], "location_permission is required"),
                (["location_permission": 1], "location_permission must be a string"),
                (["location_permission": "sometimes"], "location_permission must be always, while_in_use, denied or not_determined"),
                (["activity_permission": NSNull()], "activity_permission is required"),
                (["activity_permission": true], "activity_permission must be a string"),
                (["activity_permission": "always"], "activity_permission must be granted, denied or not_determined"),
                (["precise_location": NSNull()], "precise_location is required"),
                (["precise_location": "true"], "precise_location must be a boolean"),
                (["notifications": NSNull()], "notifications is required"),
                (["notifications": 1], "notifications must be a boolean"),
                (["platform": 5], "platform must be a string"),
                (["platform": "web"], "platform must be ios or android"),
                (["timestamp": "1718020800000"], "timestamp must be an integer"),
                (["timestamp": 1_718_020_800_000.5], "timestamp must be an integer"),
                (["location_permission": "x", "activity_permission": "y", "platform": "z"],
                 "location_permission must be always, while_in_use, denied or not_determined"),
                (["activity_permission": "y", "notifications": "n"], "activity_permission must be granted, denied or not_determined"),
            ]
            for (change, message) in cases {
                let body = change.isEmpty ? [:] : Self.healthy(change)
                assertIQLError(try await Self.send(platform, body), .badRequest, message)
            }
            assertIQLError(try await platform.iql(.get, "/iql/v1/driver/d1/info"), .notFound, "invalid driver id")
            let long = String(repeating: "a", count: 257)
            assertIQLError(try await Self.send(platform, [:], driver: long), .badRequest, "driver_id is too long")
        }
    }

    /// A request answered 400 emits no event, though its rule looked at the driver when an
    /// engine run was due.
    func testRefusedRequestEmitsNoEvents() async throws {
        let wall = ManualWallClock(Date(timeIntervalSince1970: 1_717_416_000)) // 2024-06-03T12:00:00Z
        try await TestPlatform.run(wallClock: wall.reader) { platform in
            let packet = try await Self.send(platform, Self.healthy)
            XCTAssertEqual(packet.status, .ok, packet.text)
            wall.advance(by: 25 * 3600) // a heartbeat gap is now due, but nothing has looked yet
            let refused = try await Self.send(platform, ["location_permission": "sometimes"])
            XCTAssertEqual(refused.status, .badRequest, refused.text)
            let events = try await platform.send(.get, "/_mock/events").json()["events"] as? [Any]
            XCTAssertEqual(events?.count, 0, "the 400 emitted \(events ?? [])")
        }
    }

    func testHealthPacketsAreRetainedPerDriver() throws {
        var driver = Driver(id: "d1", optedInAt: Date(timeIntervalSince1970: 0))
        for second in 0..<(Driver.packetCapacity + 5) {
            let at = Date(timeIntervalSince1970: Double(second))
            driver.record(try HealthPacket(body: [
                "location_permission": .string("always"), "activity_permission": .string("granted"),
                "precise_location": .bool(true), "notifications": .bool(true), "timestamp": .integer(at.epochMilliseconds),
            ], now: at, knownPlatform: nil, defaultPlatform: .android))
        }
        XCTAssertEqual(driver.packets.count, Driver.packetCapacity)
        XCTAssertEqual(driver.packets.first?.timestamp, Date(timeIntervalSince1970: 5))
        XCTAssertEqual(driver.lastHeartbeatAt, Date(timeIntervalSince1970: Double(Driver.packetCapacity + 4)))
    }
}
