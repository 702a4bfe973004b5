import Foundation
import HTTPTypes
import XCTest

/// The loyalty reads are kept per member (`LoyaltyModule.cachedReads`): each test asks the same
/// request twice, changes one thing the answer depends on (a member's points or items, a
/// setting, the clock passing an expiry), and checks that the very next request sees it.
final class LoyaltyKeptReadsTests: XCTestCase {
    private static let gold = "member-gold"

    func testAccountContentFollowsThePointsAndIsKeptPerMember() async throws {
        try await TestPlatform.run { platform in
            let before = try await twice { try await Self.contentPoints(platform, Self.gold) }
            XCTAssertEqual(before, [420, 420])
            let other = try await Self.contentPoints(platform, "member-no-loyalty")
            XCTAssertNil(other, "another member's content is its own")
            try await Self.use(platform, "/loyalty/v1/rewards/rw-2off/apply")
            let after = try await Self.contentPoints(platform, Self.gold)
            XCTAssertEqual(after, 220)
        }
    }

    func testTheSummaryFollowsThePointsAndTheWalletSetting() async throws {
        try await TestPlatform.run { platform in
            let before = try await twice { try await Self.summary(platform) }
            XCTAssertEqual(before.map { $0["points"] as? Int }, [420, 420])
            XCTAssertEqual(before.map { $0["walletPassAvailable"] as? Bool }, [true, true])
            try await Self.use(platform, "/loyalty/v1/activities/ac-review/redeem")
            let redeemed = try await Self.summary(platform)
            XCTAssertEqual(redeemed["points"] as? Int, 470)
            try await platform.send(.patch, "/_mock/config", json: ["wallet_enabled": false])
            let walletOff = try await Self.summary(platform)
            XCTAssertEqual(walletOff["walletPassAvailable"] as? Bool, false)
        }
    }

    func testRewardsTurnExpiredAtTheExpiryInstantAndFollowAnApply() async throws {
        try await TestPlatform.run { platform in
            let expiry = try await Self.expiry(of: "rw-2off", platform)
            // A second before it, in whole seconds (the clock is set to the second).
            let secondBefore = ISO8601DateFormatter().string(from: expiry - 1)
            try await platform.freezeClock(at: secondBefore)
            let before = try await twice { try await Self.item("rw-2off", in: "rewards", platform)["isExpired"] as? Bool }
            XCTAssertEqual(before, [false, false])
            let frozen = try XCTUnwrap(ISO8601DateFormatter().date(from: secondBefore))
            try await platform.send(.post, "/_mock/clock", json: ["advance_seconds": Int(expiry.timeIntervalSince(frozen).rounded(.up))])
            let expired = try await Self.item("rw-2off", in: "rewards", platform)["isExpired"] as? Bool
            XCTAssertEqual(expired, true, "expired at its expiry instant")

            try await platform.freezeClock(at: ISO8601DateFormatter().string(from: expiry - 2))
            let open = try await twice { try await Self.item("rw-2off", in: "rewards", platform)["isApplied"] as? Bool }
            XCTAssertEqual(open, [false, false])
            try await Self.use(platform, "/loyalty/v1/rewards/rw-2off/apply")
            let applied = try await Self.item("rw-2off", in: "rewards", platform)["isApplied"] as? Bool
            XCTAssertEqual(applied, true)
        }
    }

    func testActivitiesFollowARedeem() async throws {
        try await TestPlatform.run { platform in
            let before = try await twice { try await Self.item("ac-review", in: "activities", platform)["isApplied"] as? Bool }
            XCTAssertEqual(before, [false, false])
            try await Self.use(platform, "/loyalty/v1/activities/ac-review/redeem")
            let redeemed = try await Self.item("ac-review", in: "activities", platform)["isApplied"] as? Bool
            XCTAssertEqual(redeemed, true)
        }
    }

    private static func json(_ platform: TestPlatform, _ path: String, as member: String = gold) async throws -> [String: Any] {
        let reply = try await LoyaltyAPITests.get(platform, path, as: member)
        XCTAssertEqual(reply.status, .ok, reply.text)
        return try reply.json()
    }

    private static func summary(_ platform: TestPlatform) async throws -> [String: Any] {
        try await json(platform, "/loyalty/v1/summary")
    }

    private static func contentPoints(_ platform: TestPlatform, _ member: String) async throws -> Int? {
        (try await json(platform, "/account/v1/content", as: member)["loyalty"] as? [String: Any])?["points"] as? Int
    }

    private static func item(_ id: String, in list: String, _ platform: TestPlatform) async throws -> [String: Any] {
        let items = try await json(platform, "/loyalty/v1/\(list)")[list] as? [[String: Any]]
        return try XCTUnwrap(items?.first { $0["id"] as? String == id }, "\(list) lists \(id)")
    }

    private static func expiry(of reward: String, _ platform: TestPlatform) async throws -> Date {
        let listed = try await item(reward, in: "rewards", platform)
        let text = try XCTUnwrap(listed["expiryDate"] as? String)
        let fractional = ISO8601DateFormatter()
        fractional.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return try XCTUnwrap(fractional.date(from: text) ?? ISO8601DateFormatter().date(from: text), text)
    }

    private static func use(_ platform: TestPlatform, _ path: String) async throws {
        let reply = try await LoyaltyAPITests.post(platform, path, as: gold)
        XCTAssertEqual(reply.status, .ok, reply.text)
    }
}
