import Foundation
import XCTest

/// The loyalty API against the real binary, as the Poq app's account and loyalty screens use it.
final class LoyaltyLiveTests: XCTestCase {
    func testLoyaltyScreensApplyAndRedeem() async throws {
        let server = try LiveServer()
        let member = ["Poq-User-Id": "member-gold", "App-Identifier": "00000000-0000-0000-0000-000000000001"]
        let content = try await server.request("GET", "/account/v1/content", headers: member)
        XCTAssertEqual(content.status, 200)
        let loyalty = try XCTUnwrap(try content.json()["loyalty"] as? [String: Any])
        XCTAssertEqual(loyalty["cardNumber"] as? String, "6001234567890")

        let applied = try await server.request("POST", "/loyalty/v1/rewards/rw-2off/apply", headers: member)
        XCTAssertEqual(try applied.json()["isApplied"] as? Bool, true)
        let again = try await server.request("POST", "/loyalty/v1/rewards/rw-2off/apply", headers: member)
        XCTAssertEqual(again.status, 409)
        XCTAssertEqual(again.header("Content-Type"), "application/problem+json")
        XCTAssertEqual(try again.json()["type"] as? String, "urn:mock:loyalty:already-applied")
        let redeemed = try await server.request("POST", "/loyalty/v1/activities/ac-survey/redeem", headers: member)
        XCTAssertEqual(redeemed.status, 200)
        let summary = try await server.request("GET", "/loyalty/v1/summary", headers: member)
        XCTAssertEqual(try summary.json()["points"] as? Int, 420 - 200 + 25)

        let anonymous = try await server.request("GET", "/loyalty/v1/rewards")
        XCTAssertEqual(anonymous.status, 401)
        let other = try await server.request("GET", "/t/shop-2/loyalty/v1/summary", headers: member)
        XCTAssertEqual(try other.json()["points"] as? Int, 420, "each tenant has its own members")
        XCTAssertEqual(try server.stop(), 0)
    }
}
