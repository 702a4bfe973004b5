import Foundation
import HTTPTypes
@testable import MockPlatform
@testable import MockPlatformRuntime
import XCTest

/// The request journal (`openapi/control.yaml`, tag journal).
final class RequestJournalTests: XCTestCase {
    private static func requests(_ platform: TestPlatform, _ query: String = "") async throws -> [[String: Any]] {
        let reply = try await platform.send(.get, "/_mock/requests\(query)")
        XCTAssertEqual(reply.status, .ok, reply.text)
        return try reply.json()["requests"] as? [[String: Any]] ?? []
    }

    private static func count(_ platform: TestPlatform, _ query: String = "") async throws -> Int? {
        try await platform.send(.get, "/_mock/requests/count\(query)").json()["count"] as? Int
    }

    func testRequestsAreJournalledNewestFirstWithoutTheControlPlane() async throws {
        try await TestPlatform.run { platform in
            try await platform.send(.post, "/_mock/clock", json: ["now": "2024-06-10T12:00:00Z"])
            try await platform.iql(.get, "/iql/v1/locations?limit=5")
            try await platform.iql(.put, "/iql/v1/driver/d1/info", json: ["country": "USA", "state": "AZ", "zipcode": "85004"])
            try await platform.iql(.get, "/iql/v1/driver/nobody/info")
            let entries = try await Self.requests(platform)
            XCTAssertEqual(entries.map { $0["path"] as? String }, ["/iql/v1/driver/nobody/info", "/iql/v1/driver/d1/info", "/iql/v1/locations"])
            XCTAssertEqual(entries.map { $0["status"] as? Int }, [404, 200, 200])
            let put = entries[1]
            XCTAssertEqual(put["method"] as? String, "PUT")
            XCTAssertEqual(put["at"] as? String, "2024-06-10T12:00:00.000Z", "the tenant clock's now")
            XCTAssertEqual((put["headers"] as? [String: String])?["authorization"], "APIKEY mock-api-key")
            let excerpt = try XCTUnwrap(put["body_excerpt"] as? String)
            XCTAssertTrue(excerpt.contains("\"zipcode\":\"85004\""), excerpt)
            XCTAssertTrue(put["query"] is NSNull)
            XCTAssertEqual(entries[2]["query"] as? String, "limit=5")
            XCTAssertTrue(entries[2]["body_excerpt"] is NSNull)
            XCTAssertNotNil(entries[2]["latency_ms"] as? Double)
            XCTAssertEqual(Set(entries.compactMap { $0["id"] as? String }).count, 3)
        }
    }

    /// Each entry names the served operation it matched, and the wall-clock instant it arrived,
    /// which the tenant clock's moves do not change.
    func testAnEntryNamesItsOperationAndTheWallClockInstant() async throws {
        try await TestPlatform.run { platform in
            try await platform.send(.post, "/_mock/clock", json: ["now": "2024-06-10T12:00:00Z"])
            let before = Date()
            try await platform.iql(.get, "/iql/v1/driver/d1/status")
            try await platform.send(.get, "/publisher/v1/drivers/d1/status")
            try await platform.iql(.get, "/iql/v1/no/such/route")
            let after = Date()
            let entries = try await Self.requests(platform)
            XCTAssertEqual(entries.map { $0["operation"] as? [String: String] }, [
                nil, ["id": "getDriverStatus", "api": "publisher"], ["id": "getDriverStatus", "api": "iql"],
            ])
            XCTAssertTrue(entries[0]["operation"] is NSNull, "no route matched: null")
            let statuses = try await Self.requests(platform, "?operation=getDriverStatus")
            XCTAssertEqual(statuses.map { $0["path"] as? String }, ["/publisher/v1/drivers/d1/status", "/iql/v1/driver/d1/status"])
            let counted = try await Self.count(platform, "?operation=getDriverStatus&method=GET")
            XCTAssertEqual(counted, 2)
            let none = try await Self.count(platform, "?operation=getAdUnit")
            XCTAssertEqual(none, 0)
            XCTAssertEqual(Set(entries.compactMap { $0["at"] as? String }), ["2024-06-10T12:00:00.000Z"])
            let formatter = ISO8601DateFormatter()
            formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
            for entry in entries {
                let received = try XCTUnwrap((entry["received_at"] as? String).flatMap(formatter.date(from:)), "\(entry)")
                XCTAssertTrue(received >= before.addingTimeInterval(-0.001) && received <= after.addingTimeInterval(0.001), "\(received)")
            }
        }
    }

    /// The answers the audit reads facts from are kept with their entries, whether the answer
    /// was built or kept; other answers, and refusals, are not.
    func testAnEntryKeepsTheAnswersTheAuditReads() async throws {
        try await TestPlatform.run { platform in
            try await platform.createDriver("d1")
            let built = try await platform.iql(.get, "/iql/v1/driver/d1/status")
            let kept = try await platform.iql(.get, "/iql/v1/driver/d1/status")
            let state = try await platform.iql(
                .post, "/iql/v1/supported_state_details", json: ["country_code": "USA", "state_code": "AZ", "current_insurer": "Progressive"]
            )
            try await platform.iql(.get, "/iql/v1/locations")
            let refused = try await platform.iql(.get, "/iql/v1/driver/nobody/status")
            let entries = try await Self.requests(platform, "?limit=5")
            XCTAssertEqual(entries.map { $0["path"] as? String }, [
                "/iql/v1/driver/nobody/status", "/iql/v1/locations", "/iql/v1/supported_state_details",
                "/iql/v1/driver/d1/status", "/iql/v1/driver/d1/status",
            ])
            XCTAssertEqual(refused.status, 404)
            XCTAssertEqual(entries[0]["answer_excerpt"] as? String, refused.text, "a refusal keeps its error body")
            XCTAssertTrue(entries[1]["answer_excerpt"] is NSNull, "locations is no answer the audit reads")
            XCTAssertEqual(entries[2]["answer_excerpt"] as? String, state.text)
            XCTAssertTrue(state.text.contains("\"can_receive_offer\""), state.text)
            XCTAssertEqual(entries[3]["answer_excerpt"] as? String, kept.text, "a kept answer")
            XCTAssertEqual(entries[4]["answer_excerpt"] as? String, built.text, "a built answer")
            XCTAssertTrue(built.text.contains("\"offer_available\""), built.text)
        }
    }

    /// The publisher backend's wrappers keep their answers as IQL's own operations do.
    func testThePublisherWrappersAnswersAreKeptToo() async throws {
        try await TestPlatform.run { platform in
            try await platform.createDriver("d1")
            let status = try await platform.send(.get, "/publisher/v1/drivers/d1/status")
            XCTAssertEqual(status.status, .ok, status.text)
            let entries = try await Self.requests(platform, "?operation=getDriverStatus")
            XCTAssertEqual(entries.first?["operation"] as? [String: String], ["id": "getDriverStatus", "api": "publisher"])
            XCTAssertEqual(entries.first?["answer_excerpt"] as? String, status.text)
        }
    }

    func testFiltersCountAndClear() async throws {
        try await TestPlatform.run { platform in
            try await platform.createDriver("d1")
            try await platform.createDriver("d2")
            try await platform.iql(.get, "/iql/v1/driver/d1/info")
            try await platform.iql(.get, "/iql/v1/driver/d3/info")
            try await platform.send(.post, "/_mock/clock", json: ["advance_seconds": 3_600])
            let clock = try await platform.send(.get, "/_mock/clock").json()
            let now = try XCTUnwrap(clock["now"] as? String)
            try await platform.iql(.get, "/iql/v1/locations")

            let puts = try await Self.count(platform, "?method=put")
            XCTAssertEqual(puts, 2)
            let infos = try await Self.requests(platform, "?method=GET&path=/iql/v1/driver/*/info")
            XCTAssertEqual(infos.map { $0["path"] as? String }, ["/iql/v1/driver/d3/info", "/iql/v1/driver/d1/info"])
            let missing = try await Self.count(platform, "?status=404")
            XCTAssertEqual(missing, 1)
            let everything = try await Self.count(platform, "?path=/iql/**")
            XCTAssertEqual(everything, 5)
            let recent = try await Self.requests(platform, "?since=\(now)")
            XCTAssertEqual(recent.map { $0["path"] as? String }, ["/iql/v1/locations"])
            let limited = try await Self.requests(platform, "?limit=2")
            XCTAssertEqual(limited.count, 2)

            try await platform.send(.get, "/_mock/requests?path=iql").assertProblem(.badRequest, "path must start with /")
            let cleared = try await platform.send(.delete, "/_mock/requests")
            XCTAssertEqual(cleared.status, .noContent)
            let afterClear = try await Self.count(platform)
            XCTAssertEqual(afterClear, 0)
        }
    }

    func testTheJournalIsPerTenantAndPathsLoseTheTenantPrefix() async throws {
        try await TestPlatform.run { platform in
            try await platform.iql(.get, "/t/ci-1/iql/v1/locations")
            let other = try await platform.send(.get, "/t/ci-1/_mock/requests").json()["requests"] as? [[String: Any]]
            XCTAssertEqual(other?.map { $0["path"] as? String }, ["/iql/v1/locations"])
            let mine = try await Self.count(platform)
            XCTAssertEqual(mine, 0)
        }
    }

    func testAFaultAnsweredRequestIsJournalledWithTheFaultStatusAndResetEmptiesTheJournal() async throws {
        try await TestPlatform.run { platform in
            try await platform.send(.post, "/_mock/faults", json: ["path": "/iql/**", "status": 503, "times": 1])
            try await platform.iql(.get, "/iql/v1/locations")
            try await platform.iql(.get, "/iql/v1/locations")
            let statuses = try await Self.requests(platform).map { $0["status"] as? Int }
            XCTAssertEqual(statuses, [200, 503])
            try await platform.send(.post, "/_mock/reset")
            let afterReset = try await Self.count(platform)
            XCTAssertEqual(afterReset, 0)
        }
    }

    /// A request the tenant was reset under is journalled in the tenant that replaced it (the
    /// one `/_mock/requests` lists), and a request that began after is journalled there too.
    func testARequestAnsweredAcrossAResetIsJournalledInTheNewTenant() async throws {
        try await TestPlatform.run { platform in
            try await platform.send(.post, "/_mock/faults", json: ["path": "/iql/v1/locations", "latency_ms": 400, "times": 1])
            async let slow = platform.iql(.get, "/iql/v1/locations")
            try await Task.sleep(for: .milliseconds(150))
            try await platform.send(.post, "/_mock/reset")
            let answered = try await slow
            XCTAssertEqual(answered.status, .ok, answered.text)
            let journalled = try await Self.requests(platform).map { $0["path"] as? String }
            XCTAssertEqual(journalled, ["/iql/v1/locations"])
            try await platform.iql(.get, "/iql/v1/locations")
            let count = try await Self.count(platform)
            XCTAssertEqual(count, 2)
        }
    }

    /// 100,000 requests through a journal of the default size and no byte bound: it holds the
    /// newest 10,000 and no more (bench/journal.py measures the server's memory under the same
    /// load; `TenantStorageTests` the byte bound).
    func testTheRingKeepsTheNewestEntriesAndNoMore() {
        let journal = RequestJournal(capacity: RequestJournal.defaultCapacity, maxBytes: .max, ids: IDGenerator(seed: 1))
        let headers: [(name: String, value: String)] = [("authorization", "APIKEY k"), ("x-long", String(repeating: "v", count: 5_000))]
        let body = [UInt8](repeating: 0x61, count: 10_000)
        for index in 0..<100_000 {
            journal.record(JournalEntry(
                serial: journal.nextSerial(), at: Date(timeIntervalSince1970: Double(index)), method: "GET", path: "/r/\(index)", query: nil,
                status: 200, latencyMilliseconds: 0.1, headers: headers, body: body
            ))
        }
        XCTAssertEqual(journal.count, 10_000)
        let newest = journal.entries(matching: JournalQuery(), limit: 10_001)
        XCTAssertEqual(newest.count, 10_000)
        XCTAssertEqual(newest.first?.path, "/r/99999")
        XCTAssertEqual(newest.last?.path, "/r/90000")
        XCTAssertEqual(newest.first?.bodyExcerpt?.utf8.count, JournalEntry.maxBodyExcerpt)
        XCTAssertEqual(newest.first?.headers["x-long"]?.count, JournalEntry.maxHeaderValue)
    }

    /// A request's fields are kept as received and listed as the bounded, lower-cased,
    /// joined form they would have been cut to; fields past the bounds are cut at once.
    func testFieldsAsReceivedAreListedAsTheirBoundedForm() throws {
        var fields: HTTPFields = [.authorization: "APIKEY k", .accept: "a/b"]
        fields.append(HTTPField(name: .accept, value: "c/d"))
        fields.append(HTTPField(name: try XCTUnwrap(HTTPField.Name("X-Trace")), value: "t1"))
        let pairs = fields.map { ($0.name.canonicalName, $0.value) }
        func entry(_ fields: HTTPFields) -> JournalEntry {
            JournalEntry(
                serial: 1, at: Date(), method: "GET", path: "/p", query: nil, status: 200, latencyMilliseconds: 1, fields: fields,
                body: [UInt8]()
            )
        }
        let expected = ["authorization": "APIKEY k", "accept": "a/b, c/d", "x-trace": "t1"]
        XCTAssertEqual(entry(fields).headers, expected)
        XCTAssertEqual(entry(fields).header("Accept"), "a/b, c/d", "one field by name, in any case, repeats joined")
        XCTAssertNil(entry(fields).header("x-missing"))
        let fromPairs = JournalEntry(
            serial: 1, at: Date(), method: "GET", path: "/p", query: nil, status: 200, latencyMilliseconds: 1, headers: pairs,
            body: [UInt8]()
        )
        XCTAssertEqual(fromPairs.headers, expected)
        XCTAssertEqual(fromPairs.header("Accept"), "a/b, c/d")
        fields.append(HTTPField(name: try XCTUnwrap(HTTPField.Name("x-long")), value: String(repeating: "v", count: 600)))
        XCTAssertEqual(entry(fields).headers["x-long"]?.count, JournalEntry.maxHeaderValue)
        XCTAssertEqual(entry(fields).headers["accept"], "a/b, c/d")
        XCTAssertEqual(entry(fields).header("X-Trace"), "t1", "past the bounds too, by name in any case")
    }

    /// 62 header fields of 1 KiB each (what a hostile client sends to grow the journal) are
    /// kept as at most 8 KiB of names and values; the entry says how many fields it left out.
    func testAnEntryKeepsAtMostEightKiBOfHeadersAndCountsTheRest() throws {
        var fields: HTTPFields = [.authorization: "APIKEY k"]
        for index in 0..<62 {
            fields.append(HTTPField(name: try XCTUnwrap(HTTPField.Name("x-pad-\(index)")), value: String(repeating: "p", count: 1_024)))
        }
        let entry = JournalEntry(
            serial: 1, at: Date(), method: "GET", path: "/p", query: nil, status: 200, latencyMilliseconds: 1, fields: fields,
            body: [UInt8]()
        )
        let kept = entry.headers.reduce(0) { $0 + $1.key.utf8.count + $1.value.utf8.count }
        XCTAssertLessThanOrEqual(kept, JournalEntry.maxHeaderBytes)
        XCTAssertEqual(entry.headers["authorization"], "APIKEY k", "the first fields are the ones kept")
        XCTAssertEqual(entry.headers.count + entry.headersDropped, 63, "every field is either kept or counted")
        XCTAssertGreaterThan(entry.headersDropped, 40)
        let small = JournalEntry(
            serial: 2, at: Date(), method: "GET", path: "/p", query: nil, status: 200, latencyMilliseconds: 1,
            fields: [.authorization: "APIKEY k"], body: [UInt8]()
        )
        XCTAssertEqual(small.headersDropped, 0)
    }

    func testAJournalSizeOfZeroKeepsNothing() async throws {
        var options = ServerOptions()
        options.journalSize = 0
        try await TestPlatform.run(options: options) { platform in
            try await platform.iql(.get, "/iql/v1/locations")
            let count = try await platform.send(.get, "/_mock/requests/count").json()["count"] as? Int
            XCTAssertEqual(count, 0)
        }
    }

    /// `since` matches what the client saw: an entry listed at `…00.001Z` is found by
    /// `since=…00.001Z` even when its instant is 0.7 ms, which shows rounded up.
    func testSinceComparesTheMillisecondTheEntryShowsAs() throws {
        let at = Date(timeIntervalSince1970: 1_717_416_000.0007)
        let entry = JournalEntry(
            serial: 1, at: at, method: "GET", path: "/iql/v1/locations", query: nil, status: 200, latencyMilliseconds: 1,
            headers: [], body: [UInt8]()
        )
        let shown = try XCTUnwrap(RFC3339.date(from: RFC3339.string(from: at)))
        XCTAssertTrue(JournalQuery(since: shown).matches(entry))
        XCTAssertFalse(JournalQuery(since: shown.addingTimeInterval(0.001)).matches(entry))
    }
}
