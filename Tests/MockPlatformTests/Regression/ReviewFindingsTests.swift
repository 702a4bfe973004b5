import Foundation
import HTTPTypes
import Hummingbird
import Logging
import NIOCore
@testable import MockPlatform
import OpenAPIRuntime
import XCTest

/// Regression tests for the bugs found in review of the foundation and the offer lifecycle
/// (each failed before its fix).
final class ReviewFindingsTests: XCTestCase {
    private static var healthyPacket: [String: Any] { [
        "location_permission": "always", "activity_permission": "granted",
        "precise_location": true, "notifications": true,
    ] }

    /// Bug 1: advancing the clock past year 9999 is refused, and a health packet afterwards does
    /// not kill the process.
    func testClockCannotLeaveYear9999AndHealthPacketsStillWork() async throws {
        try await TestPlatform.run { platform in
            let step = try await platform.send(.post, "/t/x/_mock/clock", json: ["advance_seconds": 315_576_000_000])
            step.assertProblem(.badRequest, "the clock must stay within years 1 to 9999")
            let clock = try await platform.send(.get, "/t/x/_mock/clock").json()
            let now = try XCTUnwrap(clock["now"] as? String)
            XCTAssertFalse(now.hasPrefix("1"), "the refused step left the clock alone: \(now)")
            let packet = try await platform.iql(.post, "/t/x/iql/v1/testing/driver/d1/sdk_health", json: Self.healthyPacket)
            XCTAssertEqual(packet.status, .ok, packet.text)
            let last = try await platform.send(.post, "/t/x/_mock/clock", json: ["now": "9999-12-31T23:59:59Z"])
            XCTAssertEqual(last.status, .ok, last.text)
            try await platform.send(.post, "/t/x/_mock/clock", json: ["advance_seconds": 1])
                .assertProblem(.badRequest, "the clock must stay within years 1 to 9999")
            let again = try await platform.iql(.post, "/t/x/iql/v1/testing/driver/d1/sdk_health", json: Self.healthyPacket)
            XCTAssertEqual(again.status, .ok, again.text)
        }
    }

    /// Bug 2: a clock running from the last second of 9999 never answers a year RFC 3339 rejects.
    func testRunningClockNeverReadsPastYear9999() async throws {
        let wall = ManualWallClock(Date(timeIntervalSince1970: 1_741_593_600))
        try await PlatformProbe.run(wallClock: wall.reader) { probe in
            let set = try await probe.platform.send(.post, "/_mock/clock", json: ["now": "9999-12-31T23:59:59Z", "running": true])
            XCTAssertEqual(set.status, .ok, set.text)
            wall.advance(by: 5)
            let clock = try await probe.platform.send(.get, "/_mock/clock").json()
            let now = try XCTUnwrap(clock["now"] as? String)
            XCTAssertEqual(now, "9999-12-31T23:59:59.999Z")
            XCTAssertNotNil(RFC3339.date(from: now))
        }
    }

    /// Bug 3: after a reset, the same requests give new event and lead ids.
    func testEventIDsDoNotRepeatAfterReset() async throws {
        try await TestPlatform.run { platform in
            let first = try await Self.qualificationEventIDs(platform)
            XCTAssertFalse(first.isEmpty)
            try await platform.send(.post, "/_mock/reset")
            let second = try await Self.qualificationEventIDs(platform)
            XCTAssertEqual(first.count, second.count)
            XCTAssertTrue(Set(first).isDisjoint(with: second), "\(first) reappeared after reset")
        }
    }

    /// Bug 3: two servers (two runs) never hand out the same ids unless seeded.
    func testEventIDsDifferBetweenRuns() async throws {
        let runs = RunIDs()
        for _ in 0..<2 {
            try await TestPlatform.run { platform in await runs.add(try await Self.qualificationEventIDs(platform)) }
        }
        let all = await runs.all
        XCTAssertEqual(all.count, 2)
        XCTAssertTrue(Set(all[0]).isDisjoint(with: all[1]), "the second run repeated ids of the first")
    }

    /// Bug 4: a request that needs no tenant state does not create a tenant.
    func testHealthUnderATenantPrefixCreatesNoTenant() async throws {
        try await TestPlatform.run { platform in
            let health = try await platform.send(.get, "/t/anything/_mock/health")
            XCTAssertEqual(health.status, .ok)
            let tenants = try await platform.send(.get, "/_mock/tenants").json()["tenants"] as? [[String: Any]]
            XCTAssertEqual(tenants?.compactMap { $0["name"] as? String }, ["default"])
        }
    }

    /// Bug 5: repeated slashes are one slash.
    func testRepeatedSlashesAreNormalisedBeforeRouting() async throws {
        try await TestPlatform.run { platform in
            let health = try await platform.send(.get, "//_mock/health")
            XCTAssertEqual(health.status, .ok, health.text)
            health.assertJSON(["status": "ok"])
            let status = try await platform.send(.get, "/t/x//_mock///health")
            XCTAssertEqual(status.status, .ok, status.text)
        }
    }

    /// Bug 6: a request answered 400 emits no event, though its rule looked at the driver when
    /// an engine run was due.
    func testRefusedRequestEmitsNoEvents() async throws {
        let wall = ManualWallClock(Date(timeIntervalSince1970: 1_717_416_000)) // 2024-06-03T12:00:00Z
        try await PlatformProbe.run(wallClock: wall.reader) { probe in
            let platform = probe.platform
            let packet = try await platform.iql(.post, "/iql/v1/testing/driver/d1/sdk_health", json: Self.healthyPacket)
            XCTAssertEqual(packet.status, .ok, packet.text)
            wall.advance(by: 25 * 3600) // a heartbeat gap is now due, but nothing has looked yet
            let refused = try await platform.iql(.post, "/iql/v1/testing/driver/d1/sdk_health", json: ["location_permission": "sometimes"])
            XCTAssertEqual(refused.status, .badRequest, refused.text)
            let events = try await platform.send(.get, "/_mock/events").json()["events"] as? [Any]
            XCTAssertEqual(events?.count, 0, "the 400 emitted \(events ?? [])")
        }
    }

    /// Bug 7: only input the generated decoder refused is the client's fault.
    func testDecodingErrorsOfHandlersAreServerErrors() {
        let decoding = DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "ours"))
        func serverError(input: (any Sendable)?) -> ServerError {
            ServerError(
                operationID: "getIQLDriver", request: HTTPRequest(method: .get, scheme: nil, authority: nil, path: "/"),
                requestBody: nil, requestMetadata: .init(), operationInput: input, operationOutput: nil,
                causeDescription: "Handler failed", underlyingError: decoding
            )
        }
        let operation = RouteOperation(
            id: "getIQLDriver", handler: { _, _, _ in throw APIError.internal }, rule: nil, nullShape: nil,
            parameters: ParameterIndex(specYAML: "paths: {}")
        )
        XCTAssertEqual(operation.refusal(for: serverError(input: nil)).status, .badRequest)
        XCTAssertEqual(operation.refusal(for: serverError(input: "decoded input")).status, .internalServerError)
    }

    /// Bug 10: `Mutex` (Synchronization) needs macOS 15, so the package must not claim macOS 14.
    func testDeclaredMacOSFloorCoversMutex() throws {
        let manifest = try RepositoryFiles.text("Package.swift")
        XCTAssertTrue(manifest.contains(".macOS(.v15)"), "Package.swift must declare macOS 15")
    }

    /// The ids of the events a qualifying driver d1 produces in the default tenant.
    private static func qualificationEventIDs(_ platform: TestPlatform) async throws -> [String] {
        try await platform.send(.post, "/_mock/clock", json: ["now": "2024-06-10T12:00:00Z"])
        try await platform.createDriver("d1")
        for day in ["2024-06-07", "2024-06-08", "2024-06-09"] {
            let trips = try await platform.iql(
                .post, "/iql/v1/testing/driver/d1/mock_trips", json: ["date": day, "count": 2, "distance_miles_each": 3]
            )
            XCTAssertEqual(trips.status, .ok, trips.text)
        }
        let events = try await platform.send(.get, "/_mock/events").json()["events"] as? [[String: Any]] ?? []
        return events.compactMap { $0["id"] as? String }
    }
}

/// Ids collected across runs.
private actor RunIDs {
    private(set) var all: [[String]] = []
    func add(_ ids: [String]) { all.append(ids) }
}

/// Bug 9: under concurrent clock changes, events are recorded in time order.
final class EventTimeOrderTests: XCTestCase {
    func testEventTimesNeverGoBackwardsUnderConcurrentClockChanges() async throws {
        try await TestPlatform.run { platform in
            try await platform.send(.post, "/_mock/clock", json: ["now": "2024-06-10T12:00:00Z"])
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask {
                    for _ in 0..<60 { try await platform.send(.post, "/_mock/clock", json: ["advance_seconds": 3_600]) }
                }
                for index in 0..<16 {
                    group.addTask {
                        let driver = "d\(index)"
                        try await platform.createDriver(driver)
                        try await platform.iql(.post, "/iql/v1/testing/driver/\(driver)/sdk_health", json: [
                            "location_permission": "denied", "activity_permission": "granted",
                            "precise_location": true, "notifications": true,
                        ])
                        for day in 1...6 {
                            try await platform.iql(.post, "/iql/v1/testing/driver/\(driver)/mock_trips", json: [
                                "date": "2024-06-0\(day)", "count": 1, "distance_miles_each": 3,
                            ])
                        }
                    }
                }
                try await group.waitForAll()
            }
            let events = try await platform.send(.get, "/_mock/events").json()["events"] as? [[String: Any]] ?? []
            let times = events.compactMap { ($0["created_at"] as? String).flatMap(RFC3339.date(from:)) }
            XCTAssertEqual(times.count, events.count)
            XCTAssertGreaterThan(times.count, 8)
            for (earlier, later) in zip(times, times.dropFirst()) {
                XCTAssertLessThanOrEqual(earlier, later, "an event was recorded with an earlier time than the one before it")
            }
        }
    }
}

/// Bug 4: the tenant limit, and per-tenant retention.
final class TenantLimitTests: XCTestCase {
    func testTenantsBeyondTheLimitAreRefusedInEachAPIsShape() async throws {
        try await PlatformProbe.run(options: ServerOptions(maxTenants: 2)) { probe in
            let platform = probe.platform
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

/// Bug 8: only a body over the limit is a 413; a body that cannot be read is a 400.
final class RequestBodyReadingTests: XCTestCase {
    private struct ConnectionClosed: Error {}

    /// A body stream that yields one chunk and then fails, as a client that went away does.
    private struct BrokenBody: AsyncSequence, Sendable {
        typealias Element = ByteBuffer
        struct AsyncIterator: AsyncIteratorProtocol {
            var sent = false
            mutating func next() async throws -> ByteBuffer? {
                guard !sent else { throw ConnectionClosed() }
                sent = true
                return ByteBuffer(string: "{\"a\":")
            }
        }
        func makeAsyncIterator() -> AsyncIterator { AsyncIterator() }
    }

    private func request(_ body: RequestBody) -> Request {
        Request(head: HTTPRequest(method: .post, scheme: "http", authority: "localhost", path: "/_mock/clock"), body: body)
    }

    func testABrokenBodyIsABadRequestNotTooLarge() async {
        var broken = request(RequestBody(asyncSequence: BrokenBody()))
        do {
            _ = try await RequestBodyReader.json(of: &broken, shape: ProblemErrorShape(), logger: Logger(label: "test"))
            XCTFail("a broken body was read")
        } catch {
            XCTAssertEqual(error, APIError.badRequest("request body could not be read"))
        }
    }

    func testABodyOverTheLimitIsTooLarge() async {
        var large = request(RequestBody(buffer: ByteBuffer(repeating: 0x20, count: RequestBodyReader.maxBytes + 1)))
        do {
            _ = try await RequestBodyReader.json(of: &large, shape: ProblemErrorShape(), logger: Logger(label: "test"))
            XCTFail("an oversized body was read")
        } catch {
            XCTAssertEqual(error.status, .contentTooLarge)
        }
    }
}
