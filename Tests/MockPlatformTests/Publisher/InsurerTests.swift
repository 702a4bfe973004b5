import Foundation
@testable import MockPlatform
@testable import MockPlatformRuntime
@testable import MockWallet
import XCTest

/// `GET /publisher/v1/insurers` (`openapi/publisher.yaml` listInsurers).
final class InsurerTests: XCTestCase {
    func testListIsTheFixtureInsurersInOrderEndingWithOtherOnce() async throws {
        struct File: Decodable { var insurers: [String] }
        let fixture = try JSONDecoder().decode(File.self, from: RepositoryFiles.data("Resources/fixtures/insurers.json")).insurers
        try await TestPlatform.run { platform in
            let reply = try await platform.send(.get, "/publisher/v1/insurers")
            XCTAssertEqual(reply.status, .ok, reply.text)
            XCTAssertEqual(reply.headers[.contentType]?.hasPrefix("application/json"), true)
            let body = try reply.json()
            XCTAssertEqual(Array(body.keys), ["insurers"])
            let insurers = try XCTUnwrap(body["insurers"] as? [String], reply.text)
            XCTAssertEqual(insurers.last, "Other")
            XCTAssertEqual(insurers.filter { $0 == "Other" }.count, 1, "\(insurers)")
            XCTAssertEqual(insurers, fixture.filter { $0 != "Other" } + ["Other"], "fixture order, then Other")
            XCTAssertTrue(insurers.contains("test-insurer"))
        }
    }

    func testSameListUnderATenantPrefixAndWithTrailingSlash() async throws {
        try await TestPlatform.run { platform in
            let root = try await platform.send(.get, "/publisher/v1/insurers")
            for path in ["/publisher/v1/insurers/", "/t/ci-1/publisher/v1/insurers"] {
                let reply = try await platform.send(.get, path)
                XCTAssertEqual(reply.status, .ok, "\(path): \(reply.text)")
                XCTAssertEqual(reply.text, root.text, path)
            }
        }
    }

    /// A fixture that lists `Other` itself (here in the middle) still yields one `Other`, last.
    func testFixtureThatListsOtherStillEndsWithOneOther() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("insurers-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for name in ["tenant.json", "campaigns.json", "zipcodes.txt"] {
            try FileManager.default.copyItem(
                at: TestFixtures.folder.appendingPathComponent(name), to: folder.appendingPathComponent(name)
            )
        }
        try Data(#"{"insurers": ["Zeta", "Other", "Alpha"]}"#.utf8).write(to: folder.appendingPathComponent("insurers.json"))
        let fixtures = try Fixtures.load(from: folder)
        try await TestPlatform.run(fixtures: fixtures) { platform in
            let reply = try await platform.send(.get, "/publisher/v1/insurers")
            XCTAssertEqual(reply.status, .ok, reply.text)
            reply.assertJSON(["insurers": ["Zeta", "Alpha", "Other"]])
        }
    }

    func testOtherMethodIs405WithAllow() async throws {
        try await TestPlatform.run { platform in
            let reply = try await platform.send(.post, "/publisher/v1/insurers", json: [String: Any]())
            reply.assertDRF(.methodNotAllowed, ["detail": "Method \"POST\" not allowed."])
            XCTAssertEqual(reply.headers[.allow], "GET")
        }
    }
}
