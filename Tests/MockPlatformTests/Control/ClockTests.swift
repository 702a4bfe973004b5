import Foundation
import HTTPTypes
@testable import MockPlatform
import XCTest

/// `GET/POST /_mock/clock` (`openapi/control.yaml` getClock, setClock).
final class ClockTests: XCTestCase {
    /// The wall clock every probe in this class starts from.
    static let wallStart = Date(timeIntervalSince1970: 1_741_593_600) // 2025-03-10T08:00:00Z
    static let wallStartText = "2025-03-10T08:00:00.000Z"

    private static func clock(_ reply: TestPlatform.Reply, file: StaticString = #filePath, line: UInt = #line) throws -> (now: String, mode: String) {
        XCTAssertEqual(reply.status, .ok, reply.text, file: file, line: line)
        let body = try reply.json(file: file, line: line)
        XCTAssertEqual(Set(body.keys), ["now", "mode"], file: file, line: line)
        return (try XCTUnwrap(body["now"] as? String, file: file, line: line), try XCTUnwrap(body["mode"] as? String, file: file, line: line))
    }

    /// `YYYY-MM-DDTHH:MM:SS.mmmZ`.
    private static func isMillisecondUTC(_ text: String) -> Bool {
        text.range(of: #"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$"#, options: .regularExpression) != nil
    }

    func testGetIsRealTimeByDefault() async throws {
        try await TestPlatform.run { platform in
            let before = Date()
            let reply = try await platform.send(.get, "/_mock/clock")
            XCTAssertEqual(reply.headers[.contentType]?.hasPrefix("application/json"), true)
            let (now, mode) = try Self.clock(reply)
            XCTAssertEqual(mode, "real")
            XCTAssertTrue(Self.isMillisecondUTC(now), now)
            let instant = try XCTUnwrap(RFC3339.date(from: now))
            XCTAssertLessThan(abs(instant.timeIntervalSince(before)), 5, "real mode reads the wall clock")
        }
    }

    func testRealModeFollowsTheWallClock() async throws {
        let wall = ManualWallClock(Self.wallStart)
        try await TestPlatform.run(wallClock: wall.reader) { platform in
            var clock = try Self.clock(try await platform.send(.get, "/_mock/clock"))
            XCTAssertEqual(clock.now, Self.wallStartText)
            XCTAssertEqual(clock.mode, "real")
            wall.advance(by: 90.25)
            clock = try Self.clock(try await platform.send(.get, "/_mock/clock"))
            XCTAssertEqual(clock.now, "2025-03-10T08:01:30.250Z")
        }
    }

    func testNowFreezesTheClock() async throws {
        let wall = ManualWallClock(Self.wallStart)
        try await TestPlatform.run(wallClock: wall.reader) { platform in
            let set = try await platform.send(.post, "/_mock/clock", json: ["now": "2024-06-03T12:00:00Z"])
            set.assertJSON(["now": "2024-06-03T12:00:00.000Z", "mode": "frozen"])
            wall.advance(by: 3_600)
            let get = try await platform.send(.get, "/_mock/clock")
            get.assertJSON(["now": "2024-06-03T12:00:00.000Z", "mode": "frozen"])
        }
    }

    func testNowIsAnsweredInUTCWithMilliseconds() async throws {
        let cases = [
            ("2024-06-03T12:00:00+02:00", "2024-06-03T10:00:00.000Z"),
            ("2024-06-03T23:30:00-05:00", "2024-06-04T04:30:00.000Z"),
            ("2024-06-03T12:00:00.250Z", "2024-06-03T12:00:00.250Z"),
            ("2024-02-29T00:00:00.5+00:00", "2024-02-29T00:00:00.500Z"),
            ("1999-12-31T23:59:59Z", "1999-12-31T23:59:59.000Z"),
            ("2024-06-03T12:34:56.002Z", "2024-06-03T12:34:56.002Z"),
            ("2024-06-03T12:34:56.009Z", "2024-06-03T12:34:56.009Z"),
            ("2024-06-03T12:34:56.123456Z", "2024-06-03T12:34:56.123Z"),
        ]
        try await TestPlatform.run { platform in
            for (input, output) in cases {
                let reply = try await platform.send(.post, "/_mock/clock", json: ["now": input])
                XCTAssertEqual(reply.status, .ok, "\(input): \(reply.text)")
                reply.assertJSON(["now": output, "mode": "frozen"])
            }
        }
    }

    func testAdvanceOnAFrozenClockAddsAndStaysFrozen() async throws {
        let wall = ManualWallClock(Self.wallStart)
        try await TestPlatform.run(wallClock: wall.reader) { platform in
            try await platform.send(.post, "/_mock/clock", json: ["now": "2024-06-03T12:00:00Z"])
            let day = try await platform.send(.post, "/_mock/clock", json: ["advance_seconds": 86_400])
            day.assertJSON(["now": "2024-06-04T12:00:00.000Z", "mode": "frozen"])
            let half = try await platform.send(.post, "/_mock/clock", json: ["advance_seconds": 0.5])
            half.assertJSON(["now": "2024-06-04T12:00:00.500Z", "mode": "frozen"])
            let zero = try await platform.send(.post, "/_mock/clock", json: ["advance_seconds": 0])
            zero.assertJSON(["now": "2024-06-04T12:00:00.500Z", "mode": "frozen"])
            wall.advance(by: 60)
            let get = try await platform.send(.get, "/_mock/clock")
            get.assertJSON(["now": "2024-06-04T12:00:00.500Z", "mode": "frozen"])
        }
    }

    func testRunningNowRunsAtRealSpeedAsOffset() async throws {
        let wall = ManualWallClock(Self.wallStart)
        try await TestPlatform.run(wallClock: wall.reader) { platform in
            let set = try await platform.send(.post, "/_mock/clock", json: ["now": "2024-06-03T12:00:00Z", "running": true])
            set.assertJSON(["now": "2024-06-03T12:00:00.000Z", "mode": "offset"])
            wall.advance(by: 5)
            let later = try await platform.send(.get, "/_mock/clock")
            later.assertJSON(["now": "2024-06-03T12:00:05.000Z", "mode": "offset"])
            let advanced = try await platform.send(.post, "/_mock/clock", json: ["advance_seconds": 60])
            advanced.assertJSON(["now": "2024-06-03T12:01:05.000Z", "mode": "offset"])
            wall.advance(by: 1)
            let after = try await platform.send(.get, "/_mock/clock")
            after.assertJSON(["now": "2024-06-03T12:01:06.000Z", "mode": "offset"])
        }
    }

    func testRunningFalseFreezes() async throws {
        try await TestPlatform.run { platform in
            let set = try await platform.send(.post, "/_mock/clock", json: ["now": "2024-06-03T12:00:00Z", "running": false])
            set.assertJSON(["now": "2024-06-03T12:00:00.000Z", "mode": "frozen"])
        }
    }

    func testAdvanceFromRealBecomesOffsetAndModeRealGoesBack() async throws {
        let wall = ManualWallClock(Self.wallStart)
        try await TestPlatform.run(wallClock: wall.reader) { platform in
            let advanced = try await platform.send(.post, "/_mock/clock", json: ["advance_seconds": 3_600])
            advanced.assertJSON(["now": "2025-03-10T09:00:00.000Z", "mode": "offset"])
            wall.advance(by: 10)
            let later = try await platform.send(.get, "/_mock/clock")
            later.assertJSON(["now": "2025-03-10T09:00:10.000Z", "mode": "offset"])

            let real = try await platform.send(.post, "/_mock/clock", json: ["mode": "real"])
            real.assertJSON(["now": "2025-03-10T08:00:10.000Z", "mode": "real"])

            try await platform.send(.post, "/_mock/clock", json: ["now": "2024-06-03T12:00:00Z"])
            let fromFrozen = try await platform.send(.post, "/_mock/clock", json: ["mode": "real"])
            fromFrozen.assertJSON(["now": "2025-03-10T08:00:10.000Z", "mode": "real"])
        }
    }

    func testGoingBackwardsOnlyWithNow() async throws {
        try await TestPlatform.run { platform in
            try await platform.send(.post, "/_mock/clock", json: ["now": "2024-06-03T12:00:00Z"])
            let back = try await platform.send(.post, "/_mock/clock", json: ["advance_seconds": -86_400])
            back.assertProblem(.badRequest, "advance_seconds must be a non-negative number")
            let unchanged = try await platform.send(.get, "/_mock/clock")
            unchanged.assertJSON(["now": "2024-06-03T12:00:00.000Z", "mode": "frozen"])

            let earlier = try await platform.send(.post, "/_mock/clock", json: ["now": "2024-06-02T12:00:00Z"])
            earlier.assertJSON(["now": "2024-06-02T12:00:00.000Z", "mode": "frozen"])
        }
    }

    /// Every 400 problem listed in control.yaml's setClock description; none changes the clock.
    func testEveryRefusedChangeIsAProblemAndChangesNothing() async throws {
        try await TestPlatform.run { platform in
            try await platform.send(.post, "/_mock/clock", json: ["now": "2024-06-03T12:00:00Z"])
            let cases: [(body: [String: Any], detail: String)] = [
                (["now": "yesterday"], "now must be an RFC 3339 date-time"),
                (["now": "2024-06-03"], "now must be an RFC 3339 date-time"),
                (["now": "2024-06-03T12:00:00"], "now must be an RFC 3339 date-time"),
                (["now": "2024-13-03T12:00:00Z"], "now must be an RFC 3339 date-time"),
                (["now": ""], "now must be an RFC 3339 date-time"),
                (["now": "2024-02-30T12:00:00Z"], "now must be an RFC 3339 date-time"),
                (["now": "2024-06-03T24:00:00Z"], "now must be an RFC 3339 date-time"),
                (["now": "2024-06-03T12:00:00Zjunk"], "now must be an RFC 3339 date-time"),
                (["now": ["2024-06-03T12:00:00Z"]], "now must be an RFC 3339 date-time"),
                (["now": 1_717_416_000], "now must be an RFC 3339 date-time"),
                (["advance_seconds": -1], "advance_seconds must be a non-negative number"),
                (["advance_seconds": "60"], "advance_seconds must be a non-negative number"),
                (["advance_seconds": true], "advance_seconds must be a non-negative number"),
                (["advance_seconds": 1e300], "advance_seconds must be a non-negative number"),
                (["mode": "frozen"], "mode must be real"),
                (["mode": "REAL"], "mode must be real"),
                (["mode": 1], "mode must be real"),
                (["now": "2024-06-03T12:00:00Z", "running": "yes"], "running must be a boolean"),
                (["now": "2024-06-03T12:00:00Z", "running": 1], "running must be a boolean"),
                (["advance_seconds": 60, "running": true], "running needs now"),
                (["mode": "real", "running": false], "running needs now"),
                ([:], "give exactly one of now, advance_seconds or mode"),
                (["running": true], "give exactly one of now, advance_seconds or mode"),
                (["now": "2024-06-03T12:00:00Z", "advance_seconds": 60], "give exactly one of now, advance_seconds or mode"),
                (["now": "2024-06-03T12:00:00Z", "mode": "real"], "give exactly one of now, advance_seconds or mode"),
                (["advance_seconds": 60, "mode": "real"], "give exactly one of now, advance_seconds or mode"),
            ]
            for (body, detail) in cases {
                let reply = try await platform.send(.post, "/_mock/clock", json: body)
                reply.assertProblem(.badRequest, detail)
            }
            let noBody = try await platform.send(.post, "/_mock/clock")
            noBody.assertProblem(.badRequest, "give exactly one of now, advance_seconds or mode")
            let unchanged = try await platform.send(.get, "/_mock/clock")
            unchanged.assertJSON(["now": "2024-06-03T12:00:00.000Z", "mode": "frozen"])
        }
    }

    /// Large advances work up to 10,000 years a step and never break the date rules.
    func testLargeAdvancesKeepTheServerAnswering() async throws {
        try await TestPlatform.run { platform in
            try await platform.createDriver("d1")
            try await platform.send(.post, "/_mock/clock", json: ["now": "2024-06-03T12:00:00Z"])
            let century = try await platform.send(.post, "/_mock/clock", json: ["advance_seconds": 36_524 * 86_400])
            century.assertJSON(["now": "2124-06-03T12:00:00.000Z", "mode": "frozen"])
            let huge = try await platform.send(.post, "/_mock/clock", json: ["advance_seconds": 1e300])
            XCTAssertEqual(huge.status, .badRequest)
            let status = try await platform.iql(.get, "/iql/v1/driver/d1/status")
            XCTAssertEqual(status.status, .ok, status.text)
            XCTAssertEqual(try status.json()["end_date"] as? String, "2124-06-03")
        }
    }

    func testBodyThatIsNotJSONIsRefused() async throws {
        try await TestPlatform.run { platform in
            let form = try await platform.send(.post, "/_mock/clock", body: "now=2024", headers: [.contentType: "text/plain"])
            form.assertProblem(.unsupportedMediaType, "Content-Type must be application/json")
            let malformed = try await platform.send(.post, "/_mock/clock", body: "{\"now\":", headers: [.contentType: "application/json"])
            XCTAssertEqual(malformed.status, .badRequest)
            XCTAssertEqual(malformed.headers[.contentType], "application/problem+json")
            let array = try await platform.send(.post, "/_mock/clock", json: [["now": "2024-06-03T12:00:00Z"]])
            array.assertProblem(.badRequest, "request body must be a JSON object")
        }
    }

    /// The tenant clock is "today" for IQL: driverStatus's `end_date`.
    func testTenantClockDrivesIQLDates() async throws {
        try await TestPlatform.run { platform in
            try await platform.createDriver("d1")
            try await platform.send(.post, "/_mock/clock", json: ["now": "2024-06-03T12:00:00Z"])
            var status = try await platform.iql(.get, "/iql/v1/driver/d1/status")
            XCTAssertEqual(status.status, .ok, status.text)
            XCTAssertEqual(try status.json()["end_date"] as? String, "2024-06-03")
            XCTAssertEqual(try status.json()["start_date"] as? String, "2023-12-06", "default window: today − 180 days")

            try await platform.send(.post, "/_mock/clock", json: ["advance_seconds": 86_400])
            status = try await platform.iql(.get, "/iql/v1/driver/d1/status")
            XCTAssertEqual(try status.json()["end_date"] as? String, "2024-06-04")

            // Today is the UTC date: 23:30 at −02:00 is already the next day.
            try await platform.send(.post, "/_mock/clock", json: ["now": "2024-06-04T23:30:00-02:00"])
            status = try await platform.iql(.get, "/iql/v1/driver/d1/status")
            XCTAssertEqual(try status.json()["end_date"] as? String, "2024-06-05")

            // A start date after the frozen today is in the future.
            let future = try await platform.iql(.get, "/iql/v1/driver/d1/status?start_date=2024-06-06")
            XCTAssertEqual(future.status, .badRequest)
            XCTAssertEqual(future.iqlError, "start_date must not be in the future")
        }
    }

    func testClocksArePerTenant() async throws {
        try await TestPlatform.run { platform in
            let tenant = try await platform.send(.post, "/t/a/_mock/clock", json: ["now": "2024-06-03T12:00:00Z"])
            tenant.assertJSON(["now": "2024-06-03T12:00:00.000Z", "mode": "frozen"])
            let tenantGet = try await platform.send(.get, "/t/a/_mock/clock")
            tenantGet.assertJSON(["now": "2024-06-03T12:00:00.000Z", "mode": "frozen"])
            let other = try await platform.send(.get, "/t/b/_mock/clock")
            XCTAssertEqual(try Self.clock(other).mode, "real")
            let root = try await platform.send(.get, "/_mock/clock")
            XCTAssertEqual(try Self.clock(root).mode, "real", "the default tenant's clock did not move")

            // Each tenant's IQL reads its own clock.
            try await platform.createDriver("d1", tenantPrefix: "/t/a")
            try await platform.createDriver("d1")
            try await platform.send(.post, "/_mock/clock", json: ["now": "2023-01-15T00:00:00Z"])
            let inTenant = try await platform.iql(.get, "/t/a/iql/v1/driver/d1/status")
            XCTAssertEqual(try inTenant.json()["end_date"] as? String, "2024-06-03", inTenant.text)
            let inDefault = try await platform.iql(.get, "/iql/v1/driver/d1/status")
            XCTAssertEqual(try inDefault.json()["end_date"] as? String, "2023-01-15", inDefault.text)
        }
    }

    func testOtherMethodIs405() async throws {
        try await TestPlatform.run { platform in
            let reply = try await platform.send(.delete, "/_mock/clock")
            reply.assertProblem(.methodNotAllowed, "method DELETE is not allowed")
            let allowed = Set((reply.headers[.allow] ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) })
            XCTAssertEqual(allowed, ["GET", "POST"])
        }
    }
}
