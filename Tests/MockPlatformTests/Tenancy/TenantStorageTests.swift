import Foundation
import HTTPTypes
@testable import MockPlatform
@testable import MockPlatformKit
@testable import MockPlatformRuntime
@testable import MockWebhooks
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

    /// A driver whose info carries `bytes` of insurer name: a write the IQL store keeps.
    static func driverInfo(_ platform: TestPlatform, _ driver: String, bytes: Int) async throws -> TestPlatform.Reply {
        try await platform.iql(.put, "/iql/v1/driver/\(driver)/info", json: [
            "country": "USA", "state": "AZ", "zipcode": "85004", "insurer": String(repeating: "i", count: bytes),
        ])
    }

    func testWritesPastTheBudgetAnswer507AndAFullTenantCanStillBeReset() async throws {
        var options = ServerOptions()
        options.tenantMaxBytes = 256 << 10
        try await TestPlatform.run(options: options) { platform in
            var accepted = 0
            var refused: TestPlatform.Reply?
            for index in 0..<10 {
                let reply = try await Self.driverInfo(platform, "d\(index)", bytes: 60_000)
                guard reply.status == .ok else {
                    refused = reply
                    break
                }
                accepted += 1
            }
            XCTAssertEqual(accepted, 4, "four 60 KB drivers fit in 256 KB, the fifth does not")
            let iql = try XCTUnwrap(refused)
            XCTAssertEqual(iql.status.code, 507, "in IQL's shape: \(iql.text)")
            XCTAssertEqual(try iql.json()["error"] as? String, "tenant storage exceeded")
            let stored = try await platform.iql(.get, "/iql/v1/driver/d4/info")
            XCTAssertEqual(stored.status, .notFound, "the refused write stored nothing")
            let control = try await platform.send(.post, "/_mock/campaigns", json: ["payload": ["pad": String(repeating: "p", count: 30_000)]])
            control.assertProblem(HTTPResponse.Status(code: 507), "tenant storage exceeded")
            let query = try await platform.iql(.post, "/iql/v1/supported_state_details", json: [
                "country_code": "USA", "state_code": "AZ", "current_insurer": "Progressive",
            ])
            XCTAssertEqual(query.status, .ok, "a body read and forgotten is never refused: \(query.text)")
            let counted = try await LimitMetrics.rejections("tenant_bytes", platform)
            XCTAssertEqual(counted, 2)
            let reset = try await platform.send(.post, "/_mock/reset")
            XCTAssertEqual(reset.status, .ok, "a request without a body is never refused by the budget")
            let again = try await Self.driverInfo(platform, "d4", bytes: 60_000)
            XCTAssertEqual(again.status, .ok, "a reset tenant starts with its whole budget: \(again.text)")
        }
    }

    /// The logs (events, webhook deliveries, pushes, journal) never refuse: triggers whose events
    /// hold four times the budget are all accepted, the oldest events make room, and what the
    /// tenant holds stays within its budget.
    func testTheLogsDropTheirOldestAndNeverRefuse() async throws {
        var options = ServerOptions()
        options.tenantMaxBytes = 256 << 10
        try await TestPlatform.run(options: options) { platform in
            for index in 0..<20 {
                let reply = try await Self.trigger(platform, bytes: 50_000)
                XCTAssertEqual(reply.status, .accepted, "trigger \(index): \(reply.text)")
            }
            let events = try await platform.send(.get, "/_mock/events?type=engagement").json()["events"] as? [[String: Any]] ?? []
            XCTAssertLessThan(events.count, 20, "the oldest went")
            XCTAssertGreaterThan(events.count, 0, "the newest are kept")
            let storage = try platform.tenants.tenant(.default).runtime.storage
            XCTAssertLessThanOrEqual(storage.held, storage.maxBytes)
            let driver = try await Self.driverInfo(platform, "d1", bytes: 60_000)
            XCTAssertEqual(driver.status, .ok, "the logs made room for a write to the stores: \(driver.text)")
            XCTAssertLessThanOrEqual(storage.held, storage.maxBytes)
            let after = try await platform.send(.get, "/_mock/events?type=engagement").json()["events"] as? [[String: Any]] ?? []
            XCTAssertLessThan(after.count, events.count, "events went to make room")
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
                serial: journal.nextSerial(), at: Date(), method: "GET", path: "/r/\(index)", query: nil, status: 404, latencyMilliseconds: 0.1,
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
            for index in 0..<3 {
                let reply = try await TenantStorageTests.driverInfo(platform, "d\(index)", bytes: 20_000)
                XCTAssertEqual(reply.status, .ok, reply.text)
            }
            let tenant = try platform.tenants.tenant(.default)
            let storage = tenant.runtime.storage
            XCTAssertGreaterThanOrEqual(storage.held - storage.logBytes, 60_000, "the writes' bodies are counted before any measure")
            await TenantStorageMeter(tenants: platform.tenants).measure()
            let document = try TenantStateDocument.data(await tenant.snapshot())
            XCTAssertEqual(storage.held - storage.logBytes, document.count - storage.documentLogBytes, "after a measure: the document less its logs")
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
