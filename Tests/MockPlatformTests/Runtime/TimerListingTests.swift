import Foundation
@testable import MockPlatform
import XCTest

/// `GET /_mock/timers` (`openapi/control.yaml` listTimers): the tenant scheduler's timers as
/// RFC 3339 instants.
final class TimerListingTests: XCTestCase {
    /// A timer set past the clock's last instant (a driver opted in on 9999-12-31) was listed
    /// as `10000-01-01T…`, which RFC 3339 cannot write.
    func testTimersAreListedWithinYearsOneTo9999() async throws {
        try await TestPlatform.run { platform in
            try await platform.send(.post, "/_mock/clock", json: ["now": "9999-12-31T12:00:00Z"])
            try await platform.createDriver("d1")
            let reply = try await platform.send(.get, "/_mock/timers")
            XCTAssertEqual(reply.status, .ok, reply.text)
            let dues = (try reply.json()["timers"] as? [[String: Any]])?.compactMap { $0["due"] as? String } ?? []
            XCTAssertFalse(dues.isEmpty, reply.text)
            for due in dues { XCTAssertTrue(due.hasPrefix("9999-12-31T"), due) }
        }
    }
}
