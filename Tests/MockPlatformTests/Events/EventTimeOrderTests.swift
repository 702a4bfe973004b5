import Foundation
@testable import MockPlatform
import XCTest

/// Under concurrent clock changes, events are recorded in time order.
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
