import Foundation
import HTTPTypes
@testable import MockPlatform
import XCTest

/// Issue 18 finding 4, loyalty side: a `Poq-User-Id` is 1 to 128 characters (longer → 401 like
/// a missing one), and members never seen before are guests derived on read, never stored.
final class LoyaltyMemoryBoundTests: XCTestCase {
    private static let member = HTTPField.Name("Poq-User-Id")!

    func testAMemberIDOf128CharactersPassesAnd129AreRefusedAsMissing() async throws {
        try await TestPlatform.run { platform in
            let longest = String(repeating: "m", count: 128)
            let accepted = try await platform.send(.get, "/account/v1/content", headers: [Self.member: longest])
            XCTAssertEqual(accepted.status, .ok, accepted.text)
            XCTAssertEqual((try accepted.json()["account"] as? [String: Any])?["id"] as? String, longest)

            let tooLong = try await platform.send(.get, "/account/v1/content", headers: [Self.member: longest + "m"])
            XCTAssertEqual(tooLong.status, .unauthorized, tooLong.text)
            XCTAssertEqual(tooLong.headers[.contentType], "application/problem+json")
            XCTAssertEqual(try tooLong.json()["type"] as? String, "urn:mock:loyalty:missing-member")
            XCTAssertEqual(try tooLong.json()["detail"] as? String, "the Poq-User-Id header must be 1 to 128 characters")
            let counted = try await LimitMetrics.rejections("member_id", platform)
            XCTAssertEqual(counted, 1)
        }
    }

    func testReadingAsManyUnknownMembersStoresNothing() async throws {
        try await TestPlatform.run { platform in
            let before = try await Self.exportedMembers(platform)
            for index in 0..<200 {
                let id = "guest-\(index)-" + String(repeating: "x", count: 100)
                for path in ["/account/v1/content", "/loyalty/v1/summary", "/loyalty/v1/rewards"] {
                    let reply = try await platform.send(.get, path, headers: [Self.member: id])
                    XCTAssertTrue([.ok, .notFound].contains(reply.status), "\(path): \(reply.status) \(reply.text)")
                }
            }
            let after = try await Self.exportedMembers(platform)
            XCTAssertEqual(after, before, "guests are derived on read, the state export does not grow")
            let stored = try await platform.tenants.tenant(.default).loyalty.storedMember("guest-0-" + String(repeating: "x", count: 100))
            XCTAssertNil(stored, "a guest read is not stored")

            let guest = try await platform.send(.get, "/account/v1/content", headers: [Self.member: "guest-0"]).json()
            XCTAssertEqual(guest["account"] as? [String: String],
                           ["id": "guest-0", "email": "guest-0@example.invalid", "firstName": "Guest", "lastName": ""])
            XCTAssertTrue(guest["loyalty"] is NSNull)
        }
    }

    /// The member ids the tenant's state document holds.
    private static func exportedMembers(_ platform: TestPlatform) async throws -> Set<String> {
        let state = try await platform.send(.get, "/_mock/state").json()
        let stores = try XCTUnwrap(state["stores"] as? [String: Any], "\(state.keys)")
        let loyalty = try XCTUnwrap(stores["loyalty"] as? [String: Any])
        return Set(try XCTUnwrap(loyalty["members"] as? [String: Any]).keys)
    }
}
