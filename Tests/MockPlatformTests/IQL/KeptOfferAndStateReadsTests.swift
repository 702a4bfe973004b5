import Foundation
import HTTPTypes
@testable import MockPlatform
import XCTest

/// The IQL reads kept beside driverStatus and driverInfo (`IQLModule.cachedReads`): the ad
/// unit, multi-offer, locations and supported states. Each test asks the same request twice,
/// changes one thing the answer depends on, and checks that the very next request sees it.
final class KeptOfferAndStateReadsTests: XCTestCase {
    private static let adUnit = "/iql/v2/ad_unit/d1"
    private static let offers = "/iql/v1/ads/driver_id/d1"

    func testTheAdUnitFollowsTheSettingsAndTheBaseItWasAskedOn() async throws {
        try await TestPlatform.run { platform in
            try await platform.freezeClock(at: TestPlatform.offerTestNow)
            try await platform.driveToQualification("d1")
            let kept = try await twice { try await platform.iql(.get, Self.adUnit).text }
            XCTAssertEqual(kept[1], kept[0])

            try await platform.send(.patch, "/_mock/config", json: ["publisher_app_name": "Renamed App"])
            let renamed = try await Self.appName(platform, Self.adUnit)
            XCTAssertEqual(renamed, "Renamed App")

            let elsewhere = try await Self.logoURL(platform, forwardedHost: "elsewhere.test")
            XCTAssertTrue(elsewhere.hasPrefix("http://elsewhere.test/"), "the base is part of the key: \(elsewhere)")
            let home = try await Self.logoURL(platform, forwardedHost: nil)
            XCTAssertFalse(home.hasPrefix("http://elsewhere.test/"), home)
        }
    }

    func testTheAdUnitAndTheOffersEndWhenTheOfferExpires() async throws {
        try await TestPlatform.run { platform in
            try await platform.freezeClock(at: TestPlatform.offerTestNow)
            try await platform.driveToQualification("d1")
            // The offer, granted at 2024-06-10T12:00:00Z, is valid for 30 days.
            try await platform.freezeClock(at: "2024-07-10T11:59:58Z")
            let served = try await twice { try await Self.hasAdUnit(platform) }
            XCTAssertEqual(served, [true, true])
            let listed = try await twice { try await Self.offerCount(platform) }
            XCTAssertEqual(listed, [1, 1])
            try await platform.send(.post, "/_mock/clock", json: ["advance_seconds": 3])
            let servedAfter = try await Self.hasAdUnit(platform)
            XCTAssertFalse(servedAfter, "the offer has expired")
            let listedAfter = try await Self.offerCount(platform)
            XCTAssertEqual(listedAfter, 0)
        }
    }

    func testMultiOfferFollowsTheSettings() async throws {
        try await TestPlatform.run { platform in
            try await platform.freezeClock(at: TestPlatform.offerTestNow)
            try await platform.driveToQualification("d1")
            let kept = try await twice { try await platform.iql(.get, Self.offers).text }
            XCTAssertEqual(kept[1], kept[0])
            try await platform.send(.patch, "/_mock/config", json: ["publisher_app_name": "Renamed App"])
            let renamed = try await Self.appName(platform, Self.offers)
            XCTAssertEqual(renamed, "Renamed App")
        }
    }

    func testLocationsFollowTheExcludedStates() async throws {
        try await TestPlatform.run { platform in
            let before = try await twice { try await Self.locationCodes(platform).contains("AZ") }
            XCTAssertEqual(before, [true, true])
            let tenant = try platform.tenants.tenant(.default)
            XCTAssertNotNil(tenant.responseCache.answer(for: .init("/iql/v1/locations"), at: tenant.clock.now), "the answer is kept")
            try await platform.send(.patch, "/_mock/config", json: ["excluded_states": ["AZ"]])
            let after = try await Self.locationCodes(platform).contains("AZ")
            XCTAssertFalse(after, "AZ is excluded")
        }
    }

    /// Kept per body: another state is answered for itself, and an excluded state is no longer
    /// supported on the next request.
    func testSupportedStatesFollowTheBodyAndTheExcludedStates() async throws {
        try await TestPlatform.run { platform in
            let before = try await twice { [try await Self.isSupported("AZ", platform), try await Self.isSupported("TX", platform)] }
            XCTAssertEqual(before, [[true, true], [true, true]])
            try await platform.send(.patch, "/_mock/config", json: ["excluded_states": ["AZ"]])
            let after = [try await Self.isSupported("AZ", platform), try await Self.isSupported("TX", platform)]
            XCTAssertEqual(after, [false, true])
        }
    }

    private static func appName(_ platform: TestPlatform, _ path: String) async throws -> String? {
        (try await platform.iql(.get, path).json()["driver_info"] as? [String: Any])?["publisher_app_name"] as? String
    }

    private static func hasAdUnit(_ platform: TestPlatform) async throws -> Bool {
        try await platform.iql(.get, adUnit).json()["ad_unit"] is [String: Any]
    }

    private static func offerCount(_ platform: TestPlatform) async throws -> Int? {
        (try await platform.iql(.get, offers).json()["offers"] as? [Any])?.count
    }

    /// The ad unit's `logo_url`, asked through a proxy that says it was addressed to
    /// `forwardedHost`, or directly.
    private static func logoURL(_ platform: TestPlatform, forwardedHost: String?) async throws -> String {
        var headers: HTTPFields = [.authorization: "APIKEY \(TestPlatform.apiKey)"]
        if let forwardedHost { headers[HTTPField.Name("X-Forwarded-Host")!] = forwardedHost }
        let reply = try await platform.send(.get, adUnit, headers: headers)
        return try XCTUnwrap((try reply.json()["ad_unit"] as? [String: Any])?["logo_url"] as? String, reply.text)
    }

    private static func locationCodes(_ platform: TestPlatform) async throws -> [String] {
        let reply = try await platform.iql(.get, "/iql/v1/locations")
        let countries = try XCTUnwrap(try reply.json()["countries"] as? [[String: Any]], reply.text)
        return (countries.first?["states"] as? [[String: Any]] ?? []).compactMap { $0["state_code"] as? String }
    }

    private static func isSupported(_ state: String, _ platform: TestPlatform) async throws -> Bool? {
        let reply = try await platform.iql(
            .post, "/iql/v1/supported_state_details", json: ["country_code": "USA", "state_code": state, "current_insurer": "Progressive"]
        )
        XCTAssertEqual(reply.status, .ok, reply.text)
        return try reply.json()["is_supported_state"] as? Bool
    }
}
