import Foundation
import HTTPTypes
@testable import MockPlatform
import XCTest

/// supported_state_details (`openapi/iql.yaml` postSupportedStateDetails).
final class SupportedStateDetailsTests: XCTestCase {
    private static let path = "/iql/v1/supported_state_details"

    /// The two booleans of a 200 answer; fails on anything else.
    private static func answer(
        _ platform: TestPlatform, _ body: [String: Any], file: StaticString = #filePath, line: UInt = #line
    ) async throws -> (supported: Bool?, offer: Bool?) {
        let reply = try await platform.iql(.post, path, json: body)
        XCTAssertEqual(reply.status, .ok, reply.text, file: file, line: line)
        XCTAssertEqual(reply.headers[.contentType], "application/json; charset=utf-8", file: file, line: line)
        let json = try reply.json()
        XCTAssertEqual(Set(json.keys), ["is_supported_state", "can_receive_offer"], reply.text, file: file, line: line)
        return (json["is_supported_state"] as? Bool, json["can_receive_offer"] as? Bool)
    }

    private static func query(_ state: String, _ insurer: String, country: String = "USA") -> [String: Any] {
        ["country_code": country, "state_code": state, "current_insurer": insurer]
    }

    func testCoveredStateWithANonExcludedInsurerCanReceiveAnOffer() async throws {
        try await TestPlatform.run { platform in
            let result = try await Self.answer(platform, Self.query("AZ", "Progressive"))
            XCTAssertEqual(result.supported, true)
            XCTAssertEqual(result.offer, true)
        }
    }

    func testInputIsAcceptedInAnyCase() async throws {
        try await TestPlatform.run { platform in
            let result = try await Self.answer(platform, Self.query("az", "Progressive", country: "usa"))
            XCTAssertEqual(result.supported, true)
            XCTAssertEqual(result.offer, true)
        }
    }

    func testTheDefaultCampaignExcludesTestInsurerCaseInsensitivelyAndTrimmed() async throws {
        try await TestPlatform.run { platform in
            for insurer in ["test-insurer", "Test-Insurer", "  TEST-INSURER "] {
                let result = try await Self.answer(platform, Self.query("AZ", insurer))
                XCTAssertEqual(result.supported, true, insurer)
                XCTAssertEqual(result.offer, false, "\(insurer) is excluded by the only campaign covering AZ")
            }
        }
    }

    func testEmptyInsurerMeansNoInsurer() async throws {
        try await TestPlatform.run { platform in
            let result = try await Self.answer(platform, Self.query("IL", ""))
            XCTAssertEqual(result.supported, true)
            XCTAssertEqual(result.offer, true)
        }
    }

    func testSupportedStateNoCampaignCoversCannotReceiveAnOffer() async throws {
        try await TestPlatform.run { platform in
            for state in ["CA", "DC", "NY"] {
                let result = try await Self.answer(platform, Self.query(state, "Progressive"))
                XCTAssertEqual(result.supported, true, state)
                XCTAssertEqual(result.offer, false, "no campaign covers \(state)")
            }
        }
    }

    func testEveryStateOfTheDefaultCampaignCanReceiveAnOffer() async throws {
        try await TestPlatform.run { platform in
            for state in ["AZ", "IL", "IN", "MS", "NE", "UT"] {
                let result = try await Self.answer(platform, Self.query(state, "GEICO"))
                XCTAssertEqual(result.offer, true, state)
            }
        }
    }

    func testExcludedStateIsNotSupportedAndGetsNoOffer() async throws {
        let fixtures = TestPlatform.fixtures { $0.iql.excludedStates = ["az"] }
        try await TestPlatform.run(fixtures: fixtures) { platform in
            let result = try await Self.answer(platform, Self.query("AZ", "Progressive"))
            XCTAssertEqual(result.supported, false)
            XCTAssertEqual(result.offer, false, "can_receive_offer needs a supported state")
            let other = try await Self.answer(platform, Self.query("IL", "Progressive"))
            XCTAssertEqual(other.supported, true)
            XCTAssertEqual(other.offer, true)
        }
    }

    func testADisabledCampaignGivesNoOffer() async throws {
        var fixtures = TestFixtures.shared
        fixtures.campaigns = fixtures.campaigns.map { campaign in
            var campaign = campaign
            campaign.enabled = false
            return campaign
        }
        try await TestPlatform.run(fixtures: fixtures) { platform in
            let result = try await Self.answer(platform, Self.query("AZ", "Progressive"))
            XCTAssertEqual(result.supported, true)
            XCTAssertEqual(result.offer, false)
        }
    }

    func testAnotherCampaignWithoutTheExclusionMakesTheInsurerEligible() async throws {
        var fixtures = TestFixtures.shared
        var open = try XCTUnwrap(fixtures.campaigns.first)
        open.campaignID = "open"
        open.offerID = "ad_open_001"
        open.excludedInsurers = []
        fixtures.campaigns.append(open)
        try await TestPlatform.run(fixtures: fixtures) { platform in
            let result = try await Self.answer(platform, Self.query("AZ", "test-insurer"))
            XCTAssertEqual(result.offer, true, "excluded only when every covering campaign excludes the insurer")
        }
    }

    // MARK: - 400 rules

    func testEmptyBodyIsAnEmptyObject() async throws {
        try await TestPlatform.run { platform in
            assertIQLError(try await platform.iqlRaw(.post, Self.path, body: nil), .badRequest, "country_code is required")
            assertIQLError(
                try await platform.iqlRaw(.post, Self.path, body: "", headers: [.contentType: "application/json"]),
                .badRequest, "country_code is required"
            )
            assertIQLError(try await platform.iql(.post, Self.path, json: [String: Any]()), .badRequest, "country_code is required")
        }
    }

    func testFieldRulesAndMessages() async throws {
        nonisolated(unsafe) let cases: [([String: Any], String)] = [
            (["state_code": "AZ", "current_insurer": ""], "country_code is required"),
            (["country_code": NSNull(), "state_code": "AZ", "current_insurer": ""], "country_code is required"),
            (["country_code": 1, "state_code": "AZ", "current_insurer": ""], "country_code must be a string"),
            (["country_code": "CAN", "state_code": "AZ", "current_insurer": ""], "country_code must be USA"),
            (["country_code": "US", "state_code": "AZ", "current_insurer": ""], "country_code must be USA"),
            (["country_code": "USA", "current_insurer": ""], "state_code is required"),
            (["country_code": "USA", "state_code": true, "current_insurer": ""], "state_code must be a string"),
            (["country_code": "USA", "state_code": "Arizona", "current_insurer": ""], "state_code must be a 2-letter US state or DC code"),
            (["country_code": "USA", "state_code": "PR", "current_insurer": ""], "state_code must be a 2-letter US state or DC code"),
            (["country_code": "USA", "state_code": "AZ"], "current_insurer is required"),
            (["country_code": "USA", "state_code": "AZ", "current_insurer": NSNull()], "current_insurer is required"),
            (["country_code": "USA", "state_code": "AZ", "current_insurer": 3], "current_insurer must be a string"),
        ]
        try await TestPlatform.run { platform in
            for (body, message) in cases {
                assertIQLError(try await platform.iql(.post, Self.path, json: body), .badRequest, message)
            }
        }
    }

    func testOnlyTheFirstFailureInTableOrderIsReported() async throws {
        try await TestPlatform.run { platform in
            var body: [String: Any] = ["country_code": 1, "state_code": 1, "current_insurer": 1]
            assertIQLError(try await platform.iql(.post, Self.path, json: body), .badRequest, "country_code must be a string")
            body["country_code"] = "MEX"
            assertIQLError(try await platform.iql(.post, Self.path, json: body), .badRequest, "country_code must be USA")
            body["country_code"] = "USA"
            assertIQLError(try await platform.iql(.post, Self.path, json: body), .badRequest, "state_code must be a string")
            body["state_code"] = "QQ"
            assertIQLError(
                try await platform.iql(.post, Self.path, json: body), .badRequest, "state_code must be a 2-letter US state or DC code"
            )
            body["state_code"] = "AZ"
            assertIQLError(try await platform.iql(.post, Self.path, json: body), .badRequest, "current_insurer must be a string")
            body["current_insurer"] = "GEICO"
            let reply10 = try await platform.iql(.post, Self.path, json: body)
            XCTAssertEqual(reply10.status, .ok)
        }
    }

    func testGetIs405WithAllowPost() async throws {
        try await TestPlatform.run { platform in
            assertMethodNotAllowed(try await platform.iql(.get, Self.path), allow: ["POST"])
        }
    }

    // MARK: - Disabled for the tenant

    func testDisabledEndpointAnswers403RightAfterAuth() async throws {
        let fixtures = TestPlatform.fixtures { $0.iql.supportedStateDetailsEnabled = false }
        try await TestPlatform.run(fixtures: fixtures) { platform in
            let message = "supported_state_details is not enabled for this publisher"
            assertIQLError(try await platform.iql(.post, Self.path, json: Self.query("AZ", "GEICO")), .forbidden, message)
            // 401 comes first.
            assertIQLError(
                try await platform.iql(.post, Self.path, authorization: nil, json: Self.query("AZ", "GEICO")), .unauthorized,
                "missing api key"
            )
            // 403 comes before 405, 415, malformed JSON and field rules.
            assertIQLError(try await platform.iql(.get, Self.path), .forbidden, message)
            assertIQLError(
                try await platform.iqlRaw(.post, Self.path, body: "{}", headers: [.contentType: "text/plain"]), .forbidden, message
            )
            assertIQLError(try await platform.iqlRaw(.post, Self.path, body: "{"), .forbidden, message)
            assertIQLError(try await platform.iql(.post, Self.path, json: [String: Any]()), .forbidden, message)
            // Trailing slash and tenant prefix name the same endpoint.
            assertIQLError(try await platform.iql(.post, Self.path + "/", json: Self.query("AZ", "GEICO")), .forbidden, message)
            assertIQLError(
                try await platform.iql(.post, "/t/other" + Self.path, json: Self.query("AZ", "GEICO")), .forbidden, message
            )
            // Other endpoints are unaffected.
            let reply11 = try await platform.iql(.get, "/iql/v1/locations")
            XCTAssertEqual(reply11.status, .ok)
        }
    }
}
