import Foundation
@testable import MockPlatform
import XCTest

/// `POST /iql/v1/testing/driver/{driver_id}/opt_in_days` (`openapi/iql.yaml` postOptInDays).
final class OptInDaysTests: XCTestCase {
    private static func send(_ platform: TestPlatform, _ body: Any, driver: String = "d1") async throws -> TestPlatform.Reply {
        try await platform.iql(.post, "/iql/v1/testing/driver/\(driver)/opt_in_days", json: body)
    }

    func testOptInMovesBackByDays() async throws {
        try await TestPlatform.run(fixtures: TestFixtures.shared) { platform in
            let registry = platform.tenants
            try await platform.freezeClock(at: TestPlatform.tripNow)
            let reply = try await Self.send(platform, ["days": 7])
            XCTAssertEqual(reply.status, .ok, reply.text)
            XCTAssertEqual(reply.headers[.contentType], "application/json; charset=utf-8")
            let body = try reply.json()
            XCTAssertEqual(Set(body.keys), ["success", "opt_in_days", "opt_in_at"])
            XCTAssertEqual(body["success"] as? String, "true")
            XCTAssertEqual(body["opt_in_days"] as? Int, 7)
            XCTAssertEqual(body["opt_in_at"] as? Int64, 1_717_416_000_000, "2024-06-03T12:00:00Z")
            let stored = try await registry.storedDriver("d1")
            XCTAssertEqual(stored?.optedInAt, TripFactory.instant("2024-06-03T12:00:00Z"), "an unknown driver is created")
            for (days, expected) in [(0, "2024-06-10T12:00:00Z"), (365, "2023-06-11T12:00:00Z"), (7.0, "2024-06-03T12:00:00Z")] as [(Any, String)] {
                let moved = try await Self.send(platform, ["days": days])
                XCTAssertEqual(moved.status, .ok, moved.text)
                let optedIn = try await registry.storedDriver("d1")
                XCTAssertEqual(optedIn?.optedInAt, TripFactory.instant(expected), "\(days)")
            }
        }
    }

    func testDaysRule() async throws {
        try await TestPlatform.run { platform in
            try await platform.freezeClock(at: TestPlatform.tripNow)
            for body: [String: Any] in [[:], ["days": NSNull()], ["days": -1], ["days": 366], ["days": "7"], ["days": 7.5], ["days": true]] {
                assertIQLError(try await Self.send(platform, body), .badRequest, "days must be an integer between 0 and 365")
            }
            assertIQLError(try await platform.iql(.get, "/iql/v1/driver/d1/info"), .notFound, "invalid driver id")
            let long = String(repeating: "a", count: 257)
            assertIQLError(try await Self.send(platform, [:], driver: long), .badRequest, "driver_id is too long")
        }
    }

    func testAnEndedTestDriveNoLongerQualifies() async throws {
        try await TestPlatform.run { platform in
            try await platform.freezeClock(at: TestPlatform.tripNow)
            try await platform.createDriver("d1")
            let moved = try await Self.send(platform, ["days": 30])
            XCTAssertEqual(moved.status, .ok, moved.text)
            for day in ["2024-06-07", "2024-06-08", "2024-06-09"] {
                try await platform.addTrips("d1", ["date": day, "count": 2, "distance_miles_each": 3])
            }
            let status = try await platform.iql(.get, "/iql/v1/driver/d1/status").json()
            XCTAssertEqual((status["metrics"] as? [String: Any])?["offer_available"] as? Bool, false, "opted in 30 days ago")
        }
    }
}
