import Foundation
import HTTPTypes
@testable import MockPlatform
@testable import MockPlatformRuntime
import XCTest

/// locations (`openapi/iql.yaml` getLocations).
final class LocationsTests: XCTestCase {
    private static func states(_ reply: TestPlatform.Reply, file: StaticString = #filePath, line: UInt = #line) throws -> [[String: String]] {
        XCTAssertEqual(reply.status, .ok, reply.text, file: file, line: line)
        XCTAssertEqual(reply.headers[.contentType], "application/json; charset=utf-8", file: file, line: line)
        let body = try reply.json()
        XCTAssertEqual(Array(body.keys), ["countries"], file: file, line: line)
        let countries = try XCTUnwrap(body["countries"] as? [[String: Any]], file: file, line: line)
        XCTAssertEqual(countries.count, 1, file: file, line: line)
        XCTAssertEqual(countries.first?["country_code"] as? String, "USA", file: file, line: line)
        return try XCTUnwrap(countries.first?["states"] as? [[String: String]], reply.text, file: file, line: line)
    }

    func testFiftyStatesAndDCSortedByCode() async throws {
        try await TestPlatform.run { platform in
            let states = try Self.states(try await platform.iql(.get, "/iql/v1/locations"))
            XCTAssertEqual(states.count, 51)
            let codes = states.compactMap { $0["state_code"] }
            XCTAssertEqual(codes.count, 51)
            XCTAssertEqual(codes, codes.sorted(), "sorted by state_code")
            XCTAssertEqual(Set(codes).count, 51, "no duplicates")
            XCTAssertEqual(Set(codes), Set(USState.statesAndDC.keys))
            XCTAssertEqual(codes.first, "AK")
            XCTAssertEqual(codes.last, "WY")
            XCTAssertTrue(states.allSatisfy { Set($0.keys) == ["state_name", "state_code"] })
            let names = Dictionary(uniqueKeysWithValues: states.map { ($0["state_code"]!, $0["state_name"]!) })
            XCTAssertEqual(names["DC"], "District of Columbia")
            XCTAssertEqual(names["KS"], "Kansas")
            XCTAssertEqual(names["NH"], "New Hampshire")
            XCTAssertEqual(names["AZ"], "Arizona")
            XCTAssertFalse(codes.contains("PR"), "territories are not locations")
        }
    }

    func testExcludedStatesAreLeftOut() async throws {
        let fixtures = TestPlatform.fixtures { $0.iql.excludedStates = ["tx", "AZ"] }
        try await TestPlatform.run(fixtures: fixtures) { platform in
            let codes = try Self.states(try await platform.iql(.get, "/iql/v1/locations")).compactMap { $0["state_code"] }
            XCTAssertEqual(codes.count, 49)
            XCTAssertFalse(codes.contains("TX"))
            XCTAssertFalse(codes.contains("AZ"))
            XCTAssertEqual(codes, codes.sorted())
        }
    }

    func testTrailingSlashAndTenantPrefixGiveTheSameList() async throws {
        try await TestPlatform.run { platform in
            let root = try Self.states(try await platform.iql(.get, "/iql/v1/locations"))
            let slash = try await platform.iql(.get, "/iql/v1/locations/")
            XCTAssertEqual(try Self.states(slash), root)
            let tenant = try await platform.iql(.get, "/t/acme/iql/v1/locations")
            XCTAssertEqual(try Self.states(tenant), root)
        }
    }

    func testPostIs405WithAllowGet() async throws {
        try await TestPlatform.run { platform in
            assertMethodNotAllowed(try await platform.iql(.post, "/iql/v1/locations", json: [String: Any]()), allow: ["GET"])
            assertMethodNotAllowed(try await platform.iql(.delete, "/iql/v1/locations"), allow: ["GET"])
        }
    }

    func testRequiresTheAPIKey() async throws {
        try await TestPlatform.run { platform in
            assertIQLError(try await platform.iql(.get, "/iql/v1/locations", authorization: nil), .unauthorized, "missing api key")
        }
    }
}
