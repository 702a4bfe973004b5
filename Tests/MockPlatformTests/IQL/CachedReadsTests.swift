import Foundation
@testable import MockIQL
@testable import MockPlatform
import XCTest

/// driverStatus and driverInfo are kept reads (`IQLModule.cachedReads`): a repeated request is
/// answered from the tenant's kept answers. These tests change everything the answer depends on
/// between two identical requests and check that the second sees the change.
final class CachedReadsTests: XCTestCase {
    private static let status = "/iql/v1/driver/d1/status"

    func testAStatusFollowsItsDriversTripsAndEveryRequestIsJournalled() async throws {
        try await TestPlatform.run { platform in
            try await platform.freezeClock(at: "2024-06-10T12:00:00Z")
            try await platform.createDriver("d1")
            let first = try await platform.iql(.get, Self.status)
            let again = try await platform.iql(.get, Self.status)
            XCTAssertEqual(again.text, first.text)
            XCTAssertEqual(try Self.metrics(first)["trips_count"] as? Int, 0)

            let trips = try await platform.iql(
                .post, "/iql/v1/testing/driver/d1/mock_trips", json: ["date": "2024-06-09", "count": 2, "distance_miles_each": 3]
            )
            XCTAssertEqual(trips.status, .ok, trips.text)
            let after = try await platform.iql(.get, Self.status)
            XCTAssertEqual(try Self.metrics(after)["trips_count"] as? Int, 2, after.text)
            XCTAssertEqual(try Self.metrics(after)["distance_miles"] as? Double, 6, after.text)

            let counted = try await platform.send(.get, "/_mock/requests/count?method=GET&path=/iql/v1/driver/d1/status").json()
            XCTAssertEqual(counted["count"] as? Int, 3, "a kept answer is journalled like any other")
        }
    }

    /// The front door sends a kept answer only after its own checks: a wrong API key is still
    /// refused, a fault rule still answers, another tenant keeps its own answers, and a
    /// request whose query differs is answered afresh.
    func testAKeptAnswerStillPassesTheFrontDoorsChecks() async throws {
        try await TestPlatform.run { platform in
            try await platform.freezeClock(at: "2024-06-10T12:00:00Z")
            try await platform.createDriver("d1")
            let kept = try await platform.iql(.get, Self.status)
            XCTAssertEqual(kept.status, .ok, kept.text)

            let wrongKey = try await platform.send(.get, Self.status, headers: [.authorization: "APIKEY not-the-key"])
            XCTAssertEqual(wrongKey.status, .unauthorized, wrongKey.text)
            XCTAssertEqual(try wrongKey.json()["error"] as? String, "invalid api key")

            try await platform.send(.post, "/_mock/faults", json: ["path": "/iql/v1/driver/*/status", "status": 503, "times": 1])
            let faulted = try await platform.iql(.get, Self.status)
            XCTAssertEqual(faulted.status, .serviceUnavailable, faulted.text)

            let otherTenant = try await platform.iql(.get, "/t/other" + Self.status)
            XCTAssertEqual(otherTenant.status, .notFound, "tenant other has no driver d1: \(otherTenant.text)")

            let withQuery = try await platform.iql(.get, Self.status + "?start_date=2024-06-01")
            XCTAssertEqual(withQuery.status, .ok, withQuery.text)
            XCTAssertEqual(try withQuery.json()["start_date"] as? String, "2024-06-01", "a query is a key of its own")
            XCTAssertNotEqual(try kept.json()["start_date"] as? String, "2024-06-01")
            let again = try await platform.iql(.get, Self.status)
            XCTAssertEqual(again.text, kept.text)
        }
    }

    func testAStatusEndsWithTheDayAndFollowsTheClockBack() async throws {
        try await TestPlatform.run { platform in
            try await platform.freezeClock(at: "2024-06-03T23:59:59Z")
            try await platform.createDriver("d1")
            for _ in 0..<2 { try await Self.field("end_date", of: Self.status, on: platform, is: "2024-06-03") }
            try await platform.send(.post, "/_mock/clock", json: ["advance_seconds": 2])
            try await Self.field("end_date", of: Self.status, on: platform, is: "2024-06-04")
            try await platform.freezeClock(at: "2024-06-03T12:00:00Z")
            try await Self.field("end_date", of: Self.status, on: platform, is: "2024-06-03")
        }
    }

    func testAnOfferExpiringBetweenTwoRequestsIsNoLongerAvailable() async throws {
        try await TestPlatform.run { platform in
            try await platform.freezeClock(at: TestPlatform.offerTestNow)
            try await platform.driveToQualification("d1")
            for _ in 0..<2 {
                let reply = try await platform.iql(.get, Self.status)
                XCTAssertEqual(try Self.metrics(reply)["offer_available"] as? Bool, true, reply.text)
            }
            try await platform.send(.post, "/_mock/clock", json: ["advance_seconds": 31 * 86_400])
            let expired = try await platform.iql(.get, Self.status)
            XCTAssertEqual(try Self.metrics(expired)["offer_available"] as? Bool, false, expired.text)
        }
    }

    func testAnOfferExpiringLaterTheSameDayIsNoLongerAvailable() async throws {
        try await TestPlatform.run { platform in
            try await platform.freezeClock(at: TestPlatform.offerTestNow)
            try await platform.driveToQualification("d1")
            // The offer, granted at 2024-06-10T12:00:00Z, is valid for 30 days.
            try await platform.freezeClock(at: "2024-07-10T11:59:58Z")
            for _ in 0..<2 {
                let reply = try await platform.iql(.get, Self.status)
                XCTAssertEqual(try Self.metrics(reply)["offer_available"] as? Bool, true, reply.text)
            }
            try await platform.send(.post, "/_mock/clock", json: ["advance_seconds": 3])
            let expired = try await platform.iql(.get, Self.status)
            XCTAssertEqual(try Self.metrics(expired)["offer_available"] as? Bool, false, expired.text)
        }
    }

    func testInfoFollowsAChangeAndAResetForgetsTheDriver() async throws {
        try await TestPlatform.run { platform in
            try await platform.createDriver("d1", state: "AZ")
            let info = "/iql/v1/driver/d1/info"
            for _ in 0..<2 { try await Self.field("state", of: info, on: platform, is: "AZ") }
            let put = try await platform.iql(.put, info, json: ["country": "USA", "state": "TX"])
            XCTAssertEqual(put.status, .ok, put.text)
            try await Self.field("state", of: info, on: platform, is: "TX")
            try await platform.send(.post, "/_mock/reset")
            let gone = try await platform.iql(.get, info)
            XCTAssertEqual(gone.status, .notFound, gone.text)
        }
    }

    /// A restored driver is due (the engine runs at its first read), but a first read that the
    /// engine has nothing to do for writes nothing: the store's revision stays, so the answers
    /// kept for other drivers hold, and the timer the restore set stays. What is due still happens.
    func testTheFirstReadOfARestoredDriverWritesNothingWhenNothingIsDue() async throws {
        try await TestPlatform.run { platform in
            try await platform.freezeClock(at: TestPlatform.offerTestNow)
            try await platform.driveToQualification("d1")
            try await platform.createDriver("d2")
            let restored = try platform.tenants.reset(.default, restoring: try await platform.tenants.tenant(.default).snapshot())
            let iql = try restored.iql
            let timer = try XCTUnwrap(restored.runtime.scheduler.due(.iqlDriver("d1")), "the offer's expiry")
            let revision = iql.revision.current

            let first = try await platform.iql(.get, Self.status)
            XCTAssertEqual(try Self.metrics(first)["offer_available"] as? Bool, true, first.text)
            XCTAssertEqual(iql.revision.current, revision, "a read that changed nothing moved the revision")
            XCTAssertEqual(restored.runtime.scheduler.due(.iqlDriver("d1")), timer)
            let again = try await platform.iql(.get, Self.status)
            XCTAssertEqual(again.text, first.text)

            try await platform.send(.post, "/_mock/clock", json: ["advance_seconds": 31 * 86_400])
            let expired = try await platform.iql(.get, Self.status)
            XCTAssertEqual(try Self.metrics(expired)["offer_available"] as? Bool, false, expired.text)
            XCTAssertNotEqual(iql.revision.current, revision)
        }
    }

    private static func field(
        _ key: String, of path: String, on platform: TestPlatform, is expected: String, line: UInt = #line
    ) async throws {
        let reply = try await platform.iql(.get, path)
        XCTAssertEqual(try reply.json()[key] as? String, expected, reply.text, line: line)
    }

    private static func metrics(_ reply: TestPlatform.Reply) throws -> [String: Any] {
        try XCTUnwrap(try reply.json()["metrics"] as? [String: Any], reply.text)
    }
}
