import Foundation
@testable import MockPlatform
import XCTest

/// Event ids never repeat: not after a reset, not across runs (unless seeded).
final class EventIDTests: XCTestCase {
    /// After a reset, the same requests give new event and lead ids.
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

    /// Two servers (two runs) never hand out the same ids unless seeded.
    func testEventIDsDifferBetweenRuns() async throws {
        let runs = RunIDs()
        for _ in 0..<2 {
            try await TestPlatform.run { platform in await runs.add(try await Self.qualificationEventIDs(platform)) }
        }
        let all = await runs.all
        XCTAssertEqual(all.count, 2)
        XCTAssertTrue(Set(all[0]).isDisjoint(with: all[1]), "the second run repeated ids of the first")
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
