import Foundation
import XCTest

/// Event and lead ids across restarts of the real binary: new ones every run, the same ones
/// with `--seed`.
final class IDSeedLiveTests: XCTestCase {
    private let auth = ["Authorization": "APIKEY mock-api-key", "Content-Type": "application/json"]

    /// The ids of the events one qualifying driver produces on a fresh server.
    private func eventIDs(_ arguments: [String]) async throws -> [String] {
        let server = try LiveServer(arguments: ["--port", "0"] + arguments)
        _ = try await server.request("POST", "/_mock/clock", headers: auth, body: #"{"now":"2024-06-10T12:00:00Z"}"#)
        _ = try await server.request("PUT", "/iql/v1/driver/d1/info", headers: auth, body: #"{"country":"USA","state":"AZ"}"#)
        for day in ["2024-06-07", "2024-06-08", "2024-06-09"] {
            let trips = try await server.request("POST", "/iql/v1/testing/driver/d1/mock_trips", headers: auth,
                                                 body: #"{"date":"\#(day)","count":2,"distance_miles_each":3}"#)
            XCTAssertEqual(trips.status, 200)
        }
        let events = try await server.request("GET", "/_mock/events").json()["events"] as? [[String: Any]] ?? []
        XCTAssertEqual(try server.stop(), 0)
        return events.compactMap { $0["id"] as? String }
    }

    func testARestartNeverRepeatsIDs() async throws {
        let first = try await eventIDs([])
        let second = try await eventIDs([])
        XCTAssertFalse(first.isEmpty)
        XCTAssertTrue(Set(first).isDisjoint(with: second), "a restart repeated \(first)")
    }

    func testTheSameSeedGivesTheSameIDs() async throws {
        let first = try await eventIDs(["--seed", "42"])
        let second = try await eventIDs(["--seed", "42"])
        XCTAssertFalse(first.isEmpty)
        XCTAssertEqual(first, second)
        let other = try await eventIDs(["--seed", "43"])
        XCTAssertNotEqual(first, other)
    }
}
