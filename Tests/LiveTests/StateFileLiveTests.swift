import Foundation
import XCTest

/// `--state-file` and `--save-on-exit` on the real binary.
final class StateFileLiveTests: XCTestCase {
    private let auth = ["Authorization": "APIKEY mock-api-key", "Content-Type": "application/json"]

    func testStateSavedOnExitIsLoadedByTheNextRun() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("state-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("state.json")

        let first = try LiveServer(arguments: ["--port", "0", "--state-file", file.path, "--save-on-exit"])
        let put = try await first.request("PUT", "/iql/v1/driver/kept/info", headers: auth, body: #"{"country":"USA","state":"AZ"}"#)
        XCTAssertEqual(put.status, 200)
        XCTAssertEqual(try first.stop(), 0)
        XCTAssertTrue(FileManager.default.fileExists(atPath: file.path), "saved on a graceful stop")
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0 != "state.json" }
        XCTAssertEqual(leftovers, [], "no temporary file left behind")

        let second = try LiveServer(arguments: ["--port", "0", "--state-file", file.path])
        let info = try await second.request("GET", "/iql/v1/driver/kept/info", headers: auth)
        XCTAssertEqual(info.status, 200)
        XCTAssertEqual(try info.json()["state"] as? String, "AZ")
        XCTAssertEqual(try second.stop(), 0)
    }
}
