import Foundation
import XCTest

/// `--persist` on the real binary: every tenant's state on disk, restored at start, after a
/// crash as after a graceful stop.
final class PersistenceLiveTests: XCTestCase {
    private let auth = ["Authorization": "APIKEY mock-api-key", "Content-Type": "application/json"]
    /// The interval the servers here write at.
    private let interval = 0.3

    /// Three tenants with state survive `kill -9`: each change is on disk within one interval
    /// (plus the time a loaded machine takes to write it), and the next start restores them all.
    func testEveryTenantsStateSurvivesAKill() async throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let first = try LiveServer(arguments: arguments(folder))
        let tenants = [("", "default", "AZ"), ("/t/alpha", "alpha", "TX"), ("/t/beta", "beta", "OH")]
        for (prefix, name, state) in tenants {
            let put = try await first.request("PUT", "\(prefix)/iql/v1/driver/kept-\(name)/info", headers: auth,
                                              body: #"{"country":"USA","state":"\#(state)"}"#)
            XCTAssertEqual(put.status, 200, String(decoding: put.body, as: UTF8.self))
        }
        let changed = Date()
        for (_, name, _) in tenants {
            try await waitForFile(folder, tenant: name, containing: "kept-\(name)")
        }
        XCTAssertLessThan(Date().timeIntervalSince(changed), interval + 2, "written within an interval, give or take a busy machine")
        try first.kill()

        let second = try LiveServer(arguments: arguments(folder))
        try await second.waitUntilReady()
        for (prefix, name, state) in tenants {
            let info = try await second.request("GET", "\(prefix)/iql/v1/driver/kept-\(name)/info", headers: auth)
            XCTAssertEqual(info.status, 200, "\(name): \(String(decoding: info.body, as: UTF8.self))")
            XCTAssertEqual(try info.json()["state"] as? String, state, name)
        }
        let listed = try await second.request("GET", "/_mock/tenants").json()["tenants"] as? [[String: Any]]
        XCTAssertEqual(listed?.compactMap { $0["name"] as? String }.sorted(), ["alpha", "beta", "default"])
        XCTAssertEqual(try second.stop(), 0)
    }

    /// A graceful stop writes the last changes; a corrupt file is set aside with one warning
    /// line while the other tenants load; a deleted tenant's file goes with it.
    func testACorruptFileIsSetAsideWhileTheOthersLoad() async throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let state = folder.appendingPathComponent("state")
        let first = try LiveServer(arguments: arguments(folder, interval: "1h"))
        for name in ["alpha", "beta", "gamma"] {
            let put = try await first.request("PUT", "/t/\(name)/iql/v1/driver/d-\(name)/info", headers: auth,
                                              body: #"{"country":"USA","state":"AZ"}"#)
            XCTAssertEqual(put.status, 200)
        }
        XCTAssertEqual(try first.stop(), 0)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: state.path).sorted(),
                       ["alpha.json", "beta.json", "default.json", "gamma.json"], "written on the graceful stop, long before the first interval")

        try Data("{\"version\": 1, \"clock\":".utf8).write(to: state.appendingPathComponent("beta.json"))
        let second = try LiveServer(arguments: arguments(folder, interval: "1h"), capturingErrors: true)
        try await second.waitUntilReady()
        let alpha = try await second.request("GET", "/t/alpha/iql/v1/driver/d-alpha/info", headers: auth)
        XCTAssertEqual(alpha.status, 200, "the other tenants load")
        let beta = try await second.request("GET", "/t/beta/iql/v1/driver/d-beta/info", headers: auth)
        XCTAssertEqual(beta.status, 404, "beta starts fresh")
        let deleted = try await second.request("DELETE", "/_mock/tenants/gamma")
        XCTAssertEqual(deleted.status, 204)
        XCTAssertEqual(try second.stop(), 0)
        let warnings = second.errorText().split(separator: "\n").filter { $0.contains("set aside") }
        XCTAssertEqual(warnings.count, 1, second.errorText())
        XCTAssertTrue(warnings.first?.contains("beta.json") == true, "\(warnings)")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: state.path).sorted(),
                       ["alpha.json", "beta.json", "beta.json.set-aside-1", "default.json"],
                       "the corrupt file kept aside, fresh beta written, gamma's file gone with it, no temporary file left")
    }

    private func arguments(_ folder: URL, interval: String? = nil) -> [String] {
        ["--port", "0", "--persist", "--persist-interval", interval ?? "\(Int(self.interval * 1000))ms", "--data-dir", folder.path]
    }

    /// Waits until tenant `name`'s file holds `text`.
    private func waitForFile(_ folder: URL, tenant name: String, containing text: String) async throws {
        let file = folder.appendingPathComponent("state/\(name).json")
        let deadline = Date().addingTimeInterval(15)
        while Date() < deadline {
            if let data = try? Data(contentsOf: file), String(decoding: data, as: UTF8.self).contains(text) { return }
            try await Task.sleep(for: .milliseconds(20))
        }
        XCTFail("\(file.path) never held \(text)")
    }

    private static func temporaryFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("persist-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }
}
