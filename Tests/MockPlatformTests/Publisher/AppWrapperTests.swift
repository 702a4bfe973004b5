import Foundation
import HTTPTypes
@testable import MockPlatform
import XCTest

/// The reference backend's wrappers for the app (`openapi/publisher.yaml` updateDriverInfo,
/// getDriverStatus, getAdUnit, postSupportedStateDetails): no API key, IQL's answers byte for
/// byte (driverInfo PUT: `true`), IQL's refusals with their status and message in the DRF shape.
final class AppWrapperTests: XCTestCase {
    private static let backend = "/publisher/v1"

    func testDriverInfoAnswersTrueAndSavesWhatIQLSaves() async throws {
        try await TestPlatform.run { platform in
            let saved = try await platform.send(
                .put, "\(Self.backend)/drivers/app-user/info",
                json: ["country": "USA", "state": "AZ", "zipcode": "85004", "insurer": "Progressive"]
            )
            XCTAssertEqual(saved.status, .ok)
            XCTAssertEqual(saved.text, "true", "the app decodes Bool")
            let info = try await platform.iql(.get, "/iql/v1/driver/app-user/info").json()
            XCTAssertEqual(info["zipcode"] as? String, "85004")
            XCTAssertEqual(info["insurer"] as? String, "Progressive")

            let refused = try await platform.send(
                .put, "\(Self.backend)/drivers/app-user/info", json: ["country": "USA", "state": "AZ", "zipcode": "10118"]
            )
            refused.assertDRF(.badRequest, ["detail": "zipcode 10118 belongs to NY, not AZ"])
            let unchanged = try await platform.iql(.get, "/iql/v1/driver/app-user/info").json()
            XCTAssertEqual(unchanged["zipcode"] as? String, "85004", "a refused change stores nothing")
        }
    }

    func testStatusAndAdUnitAreIQLsAnswersByteForByte() async throws {
        try await TestPlatform.run { platform in
            try await platform.freezeClock(at: TestPlatform.offerTestNow)
            try await platform.driveToQualification("app-user")
            for query in ["", "?start_date=2024-06-08"] {
                let iql = try await platform.iql(.get, "/iql/v1/driver/app-user/status\(query)")
                let wrapped = try await platform.send(.get, "\(Self.backend)/drivers/app-user/status\(query)")
                XCTAssertEqual(wrapped.status, .ok, wrapped.text)
                XCTAssertEqual(wrapped.text, iql.text)
            }
            let status = try await platform.send(.get, "\(Self.backend)/drivers/app-user/status").json()
            XCTAssertEqual((status["metrics"] as? [String: Any])?["offer_available"] as? Bool, true)

            for query in ["", "?image_dim_x=300&image_dim_y=200"] {
                let iql = try await platform.iql(.get, "/iql/v2/ad_unit/app-user\(query)")
                let wrapped = try await platform.send(.get, "\(Self.backend)/drivers/app-user/ad_unit\(query)")
                XCTAssertEqual(wrapped.status, .ok, wrapped.text)
                XCTAssertEqual(wrapped.text, iql.text)
                XCTAssertEqual(wrapped.headers[.cacheControl], "no-store")
            }
            let unit = try await platform.send(.get, "\(Self.backend)/drivers/app-user/ad_unit").json()
            XCTAssertNotNil(unit["ad_unit"], "the qualified driver's offer")
        }
    }

    func testIQLRefusalsKeepTheirStatusAndMessage() async throws {
        try await TestPlatform.run { platform in
            try await platform.send(.get, "\(Self.backend)/drivers/nobody/status")
                .assertDRF(.notFound, ["detail": "invalid driver id"])
            try await platform.send(.get, "\(Self.backend)/drivers/nobody/ad_unit")
                .assertDRF(.notFound, ["detail": "invalid driver id"])
            try await platform.createDriver("app-user")
            try await platform.send(.get, "\(Self.backend)/drivers/app-user/status?start_date=2024-13-01")
                .assertDRF(.badRequest, ["detail": "start_date must be formatted %Y-%m-%d"])
            let iqlRefusal = try await platform.iql(.get, "/iql/v2/ad_unit/app-user?image_dim_x=abc")
            XCTAssertEqual(iqlRefusal.status, .badRequest)
            try await platform.send(.get, "\(Self.backend)/drivers/app-user/ad_unit?image_dim_x=abc")
                .assertDRF(.badRequest, ["detail": iqlRefusal.iqlError ?? "?"])
            let encoded = try await platform.send(.get, "\(Self.backend)/drivers/a%25b%20c/status")
            encoded.assertDRF(.notFound, ["detail": "invalid driver id"])
        }
    }

    func testSupportedStateDetailsIsIQLsAnswerAndItsRefusals() async throws {
        try await TestPlatform.run { platform in
            let bodies = [
                ["country_code": "USA", "state_code": "AZ", "current_insurer": "Progressive"],
                ["country_code": "USA", "state_code": "NY", "current_insurer": ""],
                ["country_code": "USA", "state_code": "PR", "current_insurer": ""],
            ]
            var answered: Set<Int> = []
            for body in bodies {
                let iql = try await platform.iql(.post, "/iql/v1/supported_state_details", json: body)
                let wrapped = try await platform.send(.post, "\(Self.backend)/supported_state_details", json: body)
                XCTAssertEqual(wrapped.status, iql.status, wrapped.text)
                answered.insert(iql.status.code)
                if iql.status == .ok {
                    XCTAssertEqual(wrapped.text, iql.text)
                } else {
                    wrapped.assertDRF(iql.status, ["detail": iql.iqlError ?? "?"])
                }
            }
            XCTAssertEqual(answered, [200, 400], "both answers and refusals were compared")
            try await platform.send(.patch, "/_mock/config", json: ["supported_state_details_enabled": false])
            let disabled = try await platform.send(.post, "\(Self.backend)/supported_state_details", json: ["country_code": "USA", "state_code": "AZ", "current_insurer": ""])
            disabled.assertDRF(.forbidden, ["detail": "supported_state_details is not enabled for this publisher"])
        }
    }

    func testTheWrappersKeepTheJournalToTheAppsRequest() async throws {
        try await TestPlatform.run { platform in
            try await platform.createDriver("app-user")
            _ = try await platform.send(.get, "\(Self.backend)/drivers/app-user/status")
            let entries = try await platform.send(.get, "/_mock/requests").json()["requests"] as? [[String: Any]] ?? []
            XCTAssertEqual(entries.compactMap { $0["path"] as? String }.filter { $0.hasSuffix("/status") },
                           ["\(Self.backend)/drivers/app-user/status"], "the app's request, not the backend's call to IQL")
        }
    }
}
