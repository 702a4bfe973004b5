import Foundation
@testable import MockPlatform
import XCTest

/// The tenant clock stays within years 1 to 9999, the range RFC 3339 can write.
final class ClockBoundsTests: XCTestCase {
    private static var healthyPacket: [String: Any] { [
        "location_permission": "always", "activity_permission": "granted",
        "precise_location": true, "notifications": true,
    ] }

    /// Advancing the clock past year 9999 is refused, and a health packet afterwards does not
    /// kill the process.
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

    /// A clock running from the last second of 9999 never answers a year RFC 3339 rejects.
    func testRunningClockNeverReadsPastYear9999() async throws {
        let wall = ManualWallClock(Date(timeIntervalSince1970: 1_741_593_600))
        try await TestPlatform.run(wallClock: wall.reader) { platform in
            let set = try await platform.send(.post, "/_mock/clock", json: ["now": "9999-12-31T23:59:59Z", "running": true])
            XCTAssertEqual(set.status, .ok, set.text)
            wall.advance(by: 5)
            let clock = try await platform.send(.get, "/_mock/clock").json()
            let now = try XCTUnwrap(clock["now"] as? String)
            XCTAssertEqual(now, "9999-12-31T23:59:59.999Z")
            XCTAssertNotNil(RFC3339.date(from: now))
        }
    }
}
