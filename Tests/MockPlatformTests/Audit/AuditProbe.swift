import Foundation
import HTTPTypes
@testable import MockPlatform
import XCTest

/// Reads the audit as a CI step would: the report, one rule's verdict for one subject, and the
/// journal ids its evidence should name.
enum AuditProbe {
    static let member = HTTPField.Name("Poq-User-Id")!

    /// `GET /_mock/audit` with `query` (from `?`).
    static func report(_ platform: TestPlatform, _ query: String = "") async throws -> [String: Any] {
        let reply = try await platform.send(.get, "/_mock/audit" + query)
        XCTAssertEqual(reply.status, .ok, reply.text)
        return try reply.json()
    }

    /// The result of `rule` for `subject` in `report`.
    static func result(_ report: [String: Any], _ subject: String, _ rule: String) throws -> [String: Any] {
        let subjects = report["subjects"] as? [[String: Any]] ?? []
        let results = try XCTUnwrap(subjects.first { $0["subject"] as? String == subject }?["results"] as? [[String: Any]], "no \(subject) in the report")
        return try XCTUnwrap(results.first { $0["rule"] as? String == rule }, "no \(rule) for \(subject)")
    }

    /// The verdict of `rule` for `subject`, from a fresh report.
    static func verdict(_ platform: TestPlatform, _ subject: String, _ rule: String) async throws -> [String: Any] {
        try result(try await report(platform, "?subject=\(subject)"), subject, rule)
    }

    /// The journal ids of the tenant's requests to `path`, oldest first.
    static func requestIDs(_ platform: TestPlatform, path: String) async throws -> [String] {
        let entries = try await platform.send(.get, "/_mock/requests?limit=1000").json()["requests"] as? [[String: Any]] ?? []
        return entries.filter { $0["path"] as? String == path }.compactMap { $0["id"] as? String }.reversed()
    }

    /// The ids of the tenant's events of `kind`, oldest first.
    static func eventIDs(_ platform: TestPlatform, kind: String) async throws -> [String] {
        let events = try await platform.send(.get, "/_mock/events?type=\(kind)").json()["events"] as? [[String: Any]] ?? []
        return events.compactMap { $0["id"] as? String }
    }

    /// Stores an own guide of one rule (`rule` without its common fields).
    static func putGuide(_ platform: TestPlatform, _ name: String, rule: [String: Any]) async throws {
        let full = rule.merging([
            "id": "probe", "guide_section": "test", "severity": "must", "applies_to": "app", "doc": "A rule under test.",
        ]) { own, _ in own }
        let reply = try await platform.send(.put, "/_mock/audit/guides/\(name)", json: ["version": "1", "title": "Probe", "rules": [full]])
        XCTAssertEqual(reply.status, .created, reply.text)
    }

    /// Five trips over three days for `driver`, which qualifies a driver in a covered state.
    static func qualify(_ platform: TestPlatform, _ driver: String) async throws {
        for (date, count) in [("2024-06-07", 2), ("2024-06-08", 2), ("2024-06-09", 1)] {
            let trips = try await platform.iql(
                .post, "/iql/v1/testing/driver/\(driver)/mock_trips", json: ["date": date, "count": count, "distance_miles_each": 3]
            )
            XCTAssertEqual(trips.status, .ok, trips.text)
        }
    }

    /// Sets the tenant clock to the day after `qualify`'s trips.
    static func setClock(_ platform: TestPlatform) async throws {
        let clock = try await platform.send(.post, "/_mock/clock", json: ["now": "2024-06-10T12:00:00Z"])
        XCTAssertEqual(clock.status, .ok, clock.text)
    }
}
