import Foundation
import HTTPTypes
@testable import MockPlatform
import XCTest

/// A guide written as YAML (`PUT /_mock/audit/guides/{name}` with `Content-Type:
/// application/yaml`): stored as the same guide its JSON would be, bounded like JSON, and
/// refused with a 400 or 415 that says why.
final class AuditGuideYAMLTests: XCTestCase {
    private static let yaml: HTTPFields = [.contentType: "application/yaml"]

    private static let guide = """
    version: "3"
    title: Our offer screen
    rules:
      - id: ad-unit-fetched
        guide_section: "2.1 Fetch IQL Advertisement Unit Details"
        severity: must
        applies_to: app
        subject: driver
        template: response
        trigger: {request: getDriverStatus, status: 2xx, where: {offer_available: true}}
        step: {request: getAdUnit, status: 2xx}
        within: 30s
        clock: wall
        doc: Fetch the ad unit when the status says an offer is available.
    """

    func testAYAMLGuideIsTheGuideItsJSONWouldBe() async throws {
        try await TestPlatform.run { platform in
            let stored = try await platform.send(.put, "/_mock/audit/guides/from-yaml", body: Self.guide, headers: Self.yaml)
            XCTAssertEqual(stored.status, .created, stored.text)
            let json = try await platform.send(.put, "/_mock/audit/guides/from-json", json: AuditGuideTests.guide())
            XCTAssertEqual(json.status, .created, json.text)
            let fromYAML = try await platform.send(.get, "/_mock/audit/guides/from-yaml").json()["guide"] as? NSDictionary
            let fromJSON = try await platform.send(.get, "/_mock/audit/guides/from-json").json()["guide"] as? NSDictionary
            XCTAssertNotNil(fromYAML)
            XCTAssertEqual(fromYAML, fromJSON, "true stays a boolean; 30s, 2xx and \"3\" stay strings")
        }
    }

    func testABadYAMLBodyIsRefusedAndNothingIsStored() async throws {
        try await TestPlatform.run { platform in
            let bomb = "a: &a [x, x, x, x, x, x, x, x, x, x]\n" + (1...5).map { level in
                let previous = level == 1 ? "a" : "l\(level - 1)"
                return "l\(level): &l\(level) [" + Array(repeating: "*\(previous)", count: 10).joined(separator: ", ") + "]"
            }.joined(separator: "\n")
            let refusals: [(String, HTTPFields, HTTPResponse.Status, String)] = [
                (bomb, Self.yaml, .badRequest, "YAML body stands for more than 100000 values (aliases expanded)"),
                ("rules: [1, 2", Self.yaml, .badRequest, "request body is not YAML: "),
                (String(repeating: "[", count: 80) + String(repeating: "]", count: 80), Self.yaml, .badRequest, "YAML body nested deeper than 64 levels"),
                ("- a list", Self.yaml, .badRequest, "request body must be a JSON object"),
                (Self.guide.replacingOccurrences(of: "within: 30s", with: "within: 30"), Self.yaml, .badRequest, "rules[0] (ad-unit-fetched).within"),
                (Self.guide, [.contentType: "text/plain"], .unsupportedMediaType, "Content-Type must be application/json or application/yaml"),
            ]
            for (body, headers, status, detail) in refusals {
                let reply = try await platform.send(.put, "/_mock/audit/guides/ours", body: body, headers: headers)
                XCTAssertEqual(reply.status, status, reply.text)
                XCTAssertTrue((try reply.json()["detail"] as? String)?.hasPrefix(detail) == true, reply.text)
            }
            let missing = try await platform.send(.get, "/_mock/audit/guides/ours")
            XCTAssertEqual(missing.status, .notFound)
            let iql = try await platform.send(.put, "/iql/v1/driver/d1/info", body: "state: AZ", headers: [.contentType: "application/yaml", .authorization: "APIKEY mock-api-key"])
            XCTAssertEqual(iql.status, .unsupportedMediaType, "only operations that take YAML take it")
        }
    }
}
