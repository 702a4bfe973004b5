import Foundation
import HTTPTypes
@testable import MockPlatform
import XCTest

/// `--tenant-max-bytes` (`TenantStorage`): writes past a tenant's byte budget answer 507 in
/// their API's shape and store nothing; a request without a body still passes (a full tenant
/// can be reset); a state document over the budget is refused.
final class TenantStorageTests: XCTestCase {
    private static func trigger(_ platform: TestPlatform, bytes: Int) async throws -> TestPlatform.Reply {
        try await platform.send(.post, "/_mock/webhooks/trigger", json: [
            "event": "engagement", "driver_id": "d1", "overrides": ["data.pad": String(repeating: "p", count: bytes)],
        ])
    }

    func testWritesPastTheBudgetAnswer507AndAFullTenantCanStillBeReset() async throws {
        var options = ServerOptions()
        options.tenantMaxBytes = 256 << 10
        try await TestPlatform.run(options: options) { platform in
            var accepted = 0
            var refused: TestPlatform.Reply?
            for _ in 0..<10 {
                let reply = try await Self.trigger(platform, bytes: 60_000)
                guard reply.status == .accepted else {
                    refused = reply
                    break
                }
                accepted += 1
            }
            XCTAssertEqual(accepted, 4, "four 60 KB writes fit in 256 KB, the fifth does not")
            let problem = try XCTUnwrap(refused)
            problem.assertProblem(HTTPResponse.Status(code: 507), "tenant storage exceeded")
            let events = try await platform.send(.get, "/_mock/events?type=engagement").json()["events"] as? [Any]
            XCTAssertEqual(events?.count, 4, "the refused write stored nothing")
            let iql = try await platform.iql(.put, "/iql/v1/driver/d9/info", json: [
                "country": "USA", "state": "AZ", "zipcode": "85004", "insurer": String(repeating: "i", count: 40_000),
            ])
            XCTAssertEqual(iql.status.code, 507, "every API, in its own shape: \(iql.text)")
            XCTAssertEqual(try iql.json()["error"] as? String, "tenant storage exceeded")
            let counted = try await LimitMetrics.rejections("tenant_bytes", platform)
            XCTAssertEqual(counted, 2)
            let reset = try await platform.send(.post, "/_mock/reset")
            XCTAssertEqual(reset.status, .ok, "a request without a body is never refused by the budget")
            let again = try await Self.trigger(platform, bytes: 60_000)
            XCTAssertEqual(again.status, .accepted, "a reset tenant starts with its whole budget: \(again.text)")
        }
    }

    func testAStateDocumentOverTheBudgetIsRefused() async throws {
        var options = ServerOptions()
        options.tenantMaxBytes = 64 << 10
        try await TestPlatform.run(options: options) { platform in
            let state = try await platform.send(.get, "/_mock/state").json()
            var padded = state
            var settings = padded["settings"] as? [String: Any] ?? [:]
            settings["pad"] = String(repeating: "x", count: 70_000)
            padded["settings"] = settings
            let refused = try await platform.send(.put, "/_mock/state", json: padded)
            XCTAssertEqual(refused.status, .badRequest)
            let detail = try refused.json()["detail"] as? String ?? ""
            XCTAssertTrue(detail.hasPrefix("state is not valid: the document is ") && detail.hasSuffix(", over --tenant-max-bytes 64KB"), detail)
        }
    }

    func testSizesReadAsFlagsWriteThem() {
        XCTAssertEqual(ByteSize.bytes("512KB"), 512 << 10)
        XCTAssertEqual(ByteSize.bytes("64mb"), 64 << 20)
        XCTAssertEqual(ByteSize.bytes("1GB"), 1 << 30)
        XCTAssertEqual(ByteSize.bytes("100B"), 100)
        XCTAssertNil(ByteSize.bytes("64"))
        XCTAssertNil(ByteSize.bytes("0MB"))
        XCTAssertNil(ByteSize.bytes("99999999999GB"))
        XCTAssertEqual(ByteSize.text(64 << 20), "64MB")
        XCTAssertEqual(ByteSize.text(70_001), "70001B")
    }

    /// The journal holds at most a quarter of the budget: 62 header fields of 1 KiB in every
    /// request cannot grow it past that, however many requests come.
    func testTheJournalKeepsItsBytesWithinItsShare() {
        let journal = RequestJournal(capacity: 10_000, maxBytes: 200_000, ids: IDGenerator(seed: 1))
        let headers = (0..<62).map { (name: "x-pad-\($0)", value: String(repeating: "p", count: 1_024)) }
        for index in 0..<2_000 {
            journal.record(JournalEntry(
                id: journal.nextID(), at: Date(), method: "GET", path: "/r/\(index)", query: nil, status: 404, latencyMilliseconds: 0.1,
                headers: headers, body: [UInt8]()
            ))
        }
        XCTAssertLessThanOrEqual(journal.bytes, 200_000)
        XCTAssertGreaterThan(journal.count, 10, "the newest are kept")
        XCTAssertEqual(journal.entries(matching: JournalQuery(), limit: 1).first?.path, "/r/1999")
    }
}

/// The background pieces of the byte budget and of `--persist`'s restore, in process.
final class TenantStorageMeterTests: XCTestCase {
    /// A measure replaces what writes added with the state document's own size: the budget
    /// counts what an export would hold.
    func testAMeasureCountsTheStateDocumentsSize() async throws {
        try await TestPlatform.run { platform in
            for _ in 0..<3 {
                let reply = try await platform.send(.post, "/_mock/webhooks/trigger", json: [
                    "event": "engagement", "driver_id": "d1", "overrides": ["data.pad": String(repeating: "p", count: 20_000)],
                ])
                XCTAssertEqual(reply.status, .accepted, reply.text)
            }
            let tenant = try platform.tenants.tenant(.default)
            let storage = tenant.runtime.storage
            XCTAssertGreaterThanOrEqual(storage.held(journal: 0), 60_000, "the writes' bodies are counted before any measure")
            await TenantStorageMeter(tenants: platform.tenants).measure()
            let document = try TenantStateDocument.data(await tenant.snapshot())
            XCTAssertEqual(storage.held(journal: 0), document.count, "after a measure: the document's size")
        }
    }

    /// While a saved tenant is read in, its requests answer 503 `tenant restoring` in their
    /// API's shape and readiness says `restoring`; health answers throughout.
    func testARestoringTenantAnswers503AndReadinessWaitsForIt() async throws {
        try await TestPlatform.run { platform in
            platform.tenants.beginRestoring([.default])
            let ready = try await platform.send(.get, "/_mock/ready")
            XCTAssertEqual(ready.status, .serviceUnavailable)
            XCTAssertEqual(ready.text, #"{"status":"restoring"}"#)
            let health = try await platform.send(.get, "/_mock/health")
            XCTAssertEqual(health.status, .ok)
            let iql = try await platform.iql(.get, "/iql/v1/locations")
            XCTAssertEqual(iql.status, .serviceUnavailable)
            XCTAssertEqual(try iql.json()["error"] as? String, "tenant restoring")
            XCTAssertEqual(iql.headers[.retryAfter], "1")
            platform.tenants.finishRestoring(.default)
            let after = try await platform.send(.get, "/_mock/ready")
            XCTAssertEqual(after.status, .ok)
            let served = try await platform.iql(.get, "/iql/v1/locations")
            XCTAssertEqual(served.status, .ok)
        }
    }
}
