import Foundation
@testable import MockIQL
@testable import MockPlatform
@testable import MockPlatformRuntime
import XCTest

/// Helpers for the trip, feedback, silent-push and testing-endpoint tests.
extension TestPlatform {
    /// The instant every trip test freezes the clock at (today = 2024-06-10).
    static let tripNow = "2024-06-10T12:00:00Z"

    /// `POST /iql/v1/testing/driver/{driver}/mock_trips`.
    @discardableResult
    func mockTrips(_ driverID: String, _ body: [String: Any]) async throws -> Reply {
        try await iql(.post, "/iql/v1/testing/driver/\(driverID)/mock_trips", json: body)
    }

    /// Mock trips that must be accepted; their ids.
    @discardableResult
    func addTrips(_ driverID: String, _ body: [String: Any], file: StaticString = #filePath, line: UInt = #line) async throws -> [String] {
        let reply = try await mockTrips(driverID, body)
        XCTAssertEqual(reply.status, .ok, reply.text, file: file, line: line)
        return try reply.json()["trip_ids"] as? [String] ?? []
    }

    /// One driverTrips page.
    func tripsPage(_ driverID: String, query: String = "") async throws -> Reply {
        try await iql(.get, "/iql/v1/driver/\(driverID)/trips\(query.isEmpty ? "" : "?\(query)")")
    }

    /// The `trips` of one driverTrips page that must be answered.
    func listedTrips(
        _ driverID: String, query: String = "", file: StaticString = #filePath, line: UInt = #line
    ) async throws -> [[String: Any]] {
        let reply = try await tripsPage(driverID, query: query)
        XCTAssertEqual(reply.status, .ok, reply.text, file: file, line: line)
        return try XCTUnwrap(try reply.json()["trips"] as? [[String: Any]], reply.text, file: file, line: line)
    }

    /// Every page of driverTrips, following `next_cursor` until it is empty.
    func allTripPages(
        _ driverID: String, limit: Int, order: String, unit: String, file: StaticString = #filePath, line: UInt = #line
    ) async throws -> [[[String: Any]]] {
        var pages: [[[String: Any]]] = []
        var cursor: String?
        repeat {
            var query = "limit=\(limit)&order_type=\(order)&length_unit=\(unit)"
            if let cursor { query += "&cursor=\(cursor)" }
            let reply = try await tripsPage(driverID, query: query)
            XCTAssertEqual(reply.status, .ok, reply.text, file: file, line: line)
            let body = try reply.json()
            let next = try XCTUnwrap(body["next_cursor"] as? String, file: file, line: line)
            let metadata = try XCTUnwrap(body["response_metadata"] as? [String: Any], file: file, line: line)
            XCTAssertEqual(metadata["next_cursor"] as? String, next, "mirrored", file: file, line: line)
            pages.append(try XCTUnwrap(body["trips"] as? [[String: Any]], file: file, line: line))
            cursor = next.isEmpty ? nil : next
            guard pages.count <= 1000 else { XCTFail("paging does not end", file: file, line: line); break }
        } while cursor != nil
        return pages
    }
}

extension TenantRegistry {
    /// The stored driver of the default tenant, read without the API.
    func storedDriver(_ id: String) async throws -> Driver? {
        try await tenant(.default).iql.driver(id)
    }
}
