import Foundation
import Logging
@testable import MockPlatform
@testable import MockPlatformRuntime
import XCTest

/// `TenantPersistence` in process: what moves a tenant's change count, and so what the next
/// pass writes, beyond a request.
final class TenantPersistenceTests: XCTestCase {
    /// A webhook attempt's outcome lands after every request has ended, with no timer firing:
    /// the next pass still writes it, because the store advances the tenant's change count.
    func testAWebhookAttemptsOutcomeIsWrittenByTheNextPass() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("persistence-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try await TestPlatform.run { platform in
            let persistence = TenantPersistence(tenants: platform.tenants, dataDirectory: folder, logger: Logger(label: "test"))
            let fault = try await platform.send(.post, "/_mock/faults", json: ["target": "webhook", "latency_ms": 800])
            XCTAssertEqual(fault.status, .created, fault.text)
            let endpoint = try await platform.send(.post, "/_mock/webhooks/endpoints", json: ["url": "http://127.0.0.1:1/hook"])
            XCTAssertEqual(endpoint.status, .created, endpoint.text)
            let trigger = try await platform.send(.post, "/_mock/webhooks/trigger", json: ["event": "engagement", "driver_id": "d1"])
            XCTAssertEqual(trigger.status, .accepted, trigger.text)
            // Two passes: the attempt's timer has fired by the second, its outcome is 800 ms away.
            await persistence.persistChanges()
            await persistence.persistChanges()
            XCTAssertFalse(try Self.document(in: folder).contains("\"attempts\":[{"), "no outcome yet")

            let deadline = Date().addingTimeInterval(10)
            while Date() < deadline {
                let messages = try await platform.send(.get, "/_mock/webhooks/messages").json()["messages"] as? [[String: Any]]
                if (messages?.first?["attempts"] as? [Any])?.isEmpty == false { break }
                try await Task.sleep(for: .milliseconds(50))
            }
            await persistence.persistChanges()
            XCTAssertTrue(try Self.document(in: folder).contains("\"attempts\":[{"), "the outcome is on disk")
        }
    }

    /// A pass over a tenant nothing touched since the last one rewrites nothing.
    func testAnUntouchedTenantIsNotWrittenAgain() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("persistence-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try await TestPlatform.run { platform in
            let persistence = TenantPersistence(tenants: platform.tenants, dataDirectory: folder, logger: Logger(label: "test"))
            try await platform.send(.post, "/_mock/clock", json: ["now": "2030-01-01T00:00:00Z"])
            await persistence.persistChanges()
            let file = folder.appendingPathComponent("state/default.json")
            try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: 0)], ofItemAtPath: file.path)
            await persistence.persistChanges()
            let unchanged = try FileManager.default.attributesOfItem(atPath: file.path)[.modificationDate] as? Date
            XCTAssertEqual(unchanged, Date(timeIntervalSince1970: 0))
            try await platform.send(.post, "/_mock/clock", json: ["now": "2031-01-01T00:00:00Z"])
            await persistence.persistChanges()
            let changed = try FileManager.default.attributesOfItem(atPath: file.path)[.modificationDate] as? Date
            XCTAssertNotEqual(changed, Date(timeIntervalSince1970: 0), "a change is written")
        }
    }

    private static func document(in folder: URL) throws -> String {
        String(decoding: try Data(contentsOf: folder.appendingPathComponent("state/default.json")), as: UTF8.self)
    }

    /// A crash leaves `.<tenant>.json.<pid>.tmp` beside the states: the next start removes it
    /// (and nothing else), and a link placed where a write's temporary file goes is replaced,
    /// never followed.
    func testTemporaryFilesOfACrashAreRemovedAndLinksNeverFollowed() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("persistence-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let states = folder.appendingPathComponent("state")
        try FileManager.default.createDirectory(at: states, withIntermediateDirectories: true)
        let leftover = states.appendingPathComponent(".team-a.json.4242.tmp")
        try Data("{\"half".utf8).write(to: leftover)
        let unrelated = states.appendingPathComponent(".notes.tmp")
        try Data("keep".utf8).write(to: unrelated)
        let victim = folder.appendingPathComponent("victim.txt")
        try Data("untouched".utf8).write(to: victim)
        try await TestPlatform.run { platform in
            let persistence = TenantPersistence(tenants: platform.tenants, dataDirectory: folder, logger: Logger(label: "test"))
            persistence.restore()
            XCTAssertFalse(FileManager.default.fileExists(atPath: leftover.path), "the crash's temporary file is gone")
            XCTAssertTrue(FileManager.default.fileExists(atPath: unrelated.path), "a file that is not a write's is kept")
            try FileManager.default.createSymbolicLink(
                at: states.appendingPathComponent(".default.json.\(getpid()).tmp"), withDestinationURL: victim
            )
            try await platform.iql(.put, "/iql/v1/driver/d1/info", json: ["country": "USA", "state": "AZ", "zipcode": "85004"])
            await persistence.persistChanges()
            XCTAssertEqual(try String(contentsOf: victim, encoding: .utf8), "untouched", "the link's target was not written")
            XCTAssertTrue(try Self.document(in: folder).contains("d1"), "the state is written")
        }
    }
}
