import Foundation
import HTTPTypes
import XCTest

/// The loyalty API (`openapi/loyalty.yaml`) over the fixture members: every UI state, the check
/// order of apply and redeem, expiry on the tenant clock, and atomic points.
final class LoyaltyAPITests: XCTestCase {
    static let member = HTTPField.Name("Poq-User-Id")!

    static func get(_ platform: TestPlatform, _ path: String, as member: String) async throws -> TestPlatform.Reply {
        try await platform.send(.get, path, headers: [Self.member: member])
    }

    static func post(_ platform: TestPlatform, _ path: String, as member: String) async throws -> TestPlatform.Reply {
        try await platform.send(.post, path, headers: [Self.member: member])
    }

    func testAccountContentCoversEveryMemberState() async throws {
        try await TestPlatform.run { platform in
            let gold = try await Self.get(platform, "/account/v1/content", as: "member-gold").json()
            let loyalty = try XCTUnwrap(gold["loyalty"] as? [String: Any])
            XCTAssertEqual(loyalty["points"] as? Int, 420)
            XCTAssertEqual(loyalty["pointsToGo"] as? Int, 80)
            XCTAssertEqual(loyalty["barcode"] as? [String: String], ["value": "6001234567890", "format": "code128"])
            XCTAssertEqual(loyalty["walletPassAvailable"] as? Bool, true)
            XCTAssertEqual((gold["blocks"] as? [[String: Any]])?.first?["type"] as? String, "loyalty")

            let qr = try await Self.get(platform, "/loyalty/v1/summary", as: "member-qr").json()
            XCTAssertEqual((qr["barcode"] as? [String: String])?["format"], "qr")
            XCTAssertTrue(qr["tier"] is NSNull && qr["expiringPointsDate"] is NSNull, "nulls are written, never omitted")
            let empty = try await Self.get(platform, "/loyalty/v1/rewards", as: "member-qr").json()["rewards"] as? [Any]
            XCTAssertEqual(empty?.count, 0)

            let inactive = try await Self.get(platform, "/loyalty/v1/summary", as: "member-inactive").json()
            XCTAssertEqual(inactive["isActive"] as? Bool, false)
            XCTAssertEqual(inactive["walletPassAvailable"] as? Bool, false)

            let none = try await Self.get(platform, "/account/v1/content", as: "member-no-loyalty").json()
            XCTAssertTrue(none["loyalty"] is NSNull)
            let noSummary = try await Self.get(platform, "/loyalty/v1/summary", as: "member-no-loyalty")
            XCTAssertEqual(noSummary.status, .notFound)
            XCTAssertEqual(try noSummary.json()["type"] as? String, "urn:mock:loyalty:no-loyalty-account")

            let guest = try await Self.get(platform, "/account/v1/content", as: "new-member").json()
            XCTAssertEqual(guest["account"] as? [String: String],
                           ["id": "new-member", "email": "new-member@example.invalid", "firstName": "Guest", "lastName": ""])

            let anonymous = try await platform.send(.get, "/loyalty/v1/summary")
            XCTAssertEqual(anonymous.status, .unauthorized)
            XCTAssertEqual(anonymous.headers[.contentType], "application/problem+json")
            XCTAssertEqual(try anonymous.json()["type"] as? String, "urn:mock:loyalty:missing-member")
            XCTAssertEqual(try anonymous.json()["title"] as? String, "Member id missing")
        }
    }

    func testAccountContentLinksToLoyaltyOnlyForMembersWithAnAccount() async throws {
        try await TestPlatform.run { platform in
            func blocks(_ member: String) async throws -> [[String: Any]] {
                let content = try await Self.get(platform, "/account/v1/content", as: member).json()
                return try XCTUnwrap(content["blocks"] as? [[String: Any]])
            }
            let gold = try await blocks("member-gold")
            XCTAssertEqual(gold.map { $0["type"] as? String }, ["loyalty", "link", "link"])
            XCTAssertEqual(gold.compactMap { $0["deeplink"] as? String }, ["loyalty/rewards", "loyalty/activities"])
            let inactive = try await blocks("member-inactive")
            XCTAssertEqual(inactive.count, 3, "an inactive account keeps its block: the app shows the empty state")
            for member in ["member-no-loyalty", "someone-unknown"] {
                let none = try await blocks(member)
                XCTAssertFalse(none.contains { $0["type"] as? String == "loyalty" }, "\(member): no loyalty block")
                XCTAssertFalse(none.contains { ($0["deeplink"] as? String)?.hasPrefix("loyalty/") == true },
                               "\(member): no link to a loyalty route")
            }
        }
    }

    func testApplyAndRedeemFollowTheCheckOrderAndMovePoints() async throws {
        try await TestPlatform.run { platform in
            let cases: [(String, String, HTTPResponse.Status, String?)] = [
                ("member-no-loyalty", "/loyalty/v1/rewards/rw-2off/apply", .notFound, "no-loyalty-account"),
                ("member-gold", "/loyalty/v1/rewards/nope/apply", .notFound, "not-found"),
                ("member-inactive", "/loyalty/v1/rewards/rw-10off/apply", .conflict, "inactive"),
                ("member-gold", "/loyalty/v1/rewards/rw-welcome/apply", .conflict, "already-applied"),
                ("member-gold", "/loyalty/v1/rewards/rw-coffee/apply", .conflict, "expired"),
                ("member-gold", "/loyalty/v1/rewards/rw-5off/apply", .conflict, "insufficient-points"),
                ("member-gold", "/loyalty/v1/activities/ac-birthday/redeem", .conflict, "expired"),
                ("member-inactive", "/loyalty/v1/activities/ac-refer/redeem", .conflict, "inactive"),
                ("member-gold", "/loyalty/v1/rewards/rw-2off/apply", .ok, nil),
                ("member-gold", "/loyalty/v1/activities/ac-review/redeem", .ok, nil),
            ]
            for (member, path, status, reason) in cases {
                let reply = try await Self.post(platform, path, as: member)
                XCTAssertEqual(reply.status, status, "\(member) \(path): \(reply.text)")
                if let reason { XCTAssertEqual(try reply.json()["type"] as? String, "urn:mock:loyalty:\(reason)") }
            }
            let summary = try await Self.get(platform, "/loyalty/v1/summary", as: "member-gold").json()
            XCTAssertEqual(summary["points"] as? Int, 420 - 200 + 50)
            let rewards = try await Self.get(platform, "/loyalty/v1/rewards", as: "member-gold").json()["rewards"] as? [[String: Any]]
            XCTAssertEqual(rewards?.first { $0["id"] as? String == "rw-2off" }?["isApplied"] as? Bool, true)
        }
    }

    func testItemsExpireWhenTheTenantClockPassesTheirExpiry() async throws {
        try await TestPlatform.run { platform in
            let before = try await Self.get(platform, "/loyalty/v1/rewards", as: "member-gold").json()["rewards"] as? [[String: Any]]
            XCTAssertEqual(before?.first { $0["id"] as? String == "rw-2off" }?["isExpired"] as? Bool, false)
            try await platform.send(.post, "/_mock/clock", json: ["advance_seconds": 31 * 86_400])
            let after = try await Self.get(platform, "/loyalty/v1/rewards", as: "member-gold").json()["rewards"] as? [[String: Any]]
            XCTAssertEqual(after?.first { $0["id"] as? String == "rw-2off" }?["isExpired"] as? Bool, true)
            let apply = try await Self.post(platform, "/loyalty/v1/rewards/rw-2off/apply", as: "member-gold")
            XCTAssertEqual(try apply.json()["type"] as? String, "urn:mock:loyalty:expired")
        }
    }

    func testTwoHundredConcurrentAppliesAndRedeemsEndWithTheExactBalance() async throws {
        try await TestPlatform.run { platform in
            let paths = ["/loyalty/v1/rewards/rw-2off/apply", "/loyalty/v1/rewards/rw-5off/apply",
                         "/loyalty/v1/activities/ac-review/redeem", "/loyalty/v1/activities/ac-survey/redeem"]
            let statuses = try await withThrowingTaskGroup(of: (String, HTTPResponse.Status).self) { group in
                for index in 0..<200 {
                    let path = paths[index % paths.count]
                    group.addTask { (path, try await Self.post(platform, path, as: "member-gold").status) }
                }
                var statuses: [String: [HTTPResponse.Status]] = [:]
                for try await (path, status) in group { statuses[path, default: []].append(status) }
                return statuses
            }
            for path in paths {
                let ok = statuses[path]?.filter { $0 == .ok }.count
                XCTAssertEqual(ok, path.contains("rw-5off") ? 0 : 1, "\(path) applies at most once")
                XCTAssertEqual(statuses[path]?.count, 50)
            }
            let summary = try await Self.get(platform, "/loyalty/v1/summary", as: "member-gold").json()
            XCTAssertEqual(summary["points"] as? Int, 420 - 200 + 50 + 25, "rw-5off (500) is never affordable: 495 at most")
        }
    }

    func testWalletSettingAndResetAndState() async throws {
        try await TestPlatform.run { platform in
            try await platform.send(.patch, "/_mock/config", json: ["wallet_enabled": false])
            let off = try await Self.get(platform, "/loyalty/v1/summary", as: "member-gold").json()
            XCTAssertEqual(off["walletPassAvailable"] as? Bool, false)
            _ = try await Self.post(platform, "/loyalty/v1/rewards/rw-2off/apply", as: "member-gold")
            let state = try await platform.send(.get, "/_mock/state")
            try await platform.send(.post, "/_mock/reset")
            let reset = try await Self.get(platform, "/loyalty/v1/summary", as: "member-gold").json()
            XCTAssertEqual(reset["points"] as? Int, 420, "reset brings the fixture member back")
            let imported = try await platform.send(.put, "/_mock/state", body: state.text, headers: [.contentType: "application/json"])
            XCTAssertEqual(imported.status, .ok)
            let restored = try await Self.get(platform, "/loyalty/v1/summary", as: "member-gold").json()
            XCTAssertEqual(restored["points"] as? Int, 220)
            XCTAssertEqual(restored["walletPassAvailable"] as? Bool, false)
        }
    }
}
