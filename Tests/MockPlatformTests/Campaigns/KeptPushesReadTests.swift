import Foundation
import HTTPTypes
import XCTest

/// What a client was sent is kept (`CampaignsModule.cachedReads`) until the store changes: a
/// send and a delete show in the very next get-pushes.
final class KeptPushesReadTests: XCTestCase {
    private static let path = "/campaign-backend/campaign/IOS/get-pushes/c1"

    func testGetPushesFollowsASendAndADelete() async throws {
        try await TestPlatform.run { platform in
            let none = try await twice { try await Self.count(platform) }
            XCTAssertEqual(none, [0, 0])
            let id = try await CampaignAuthoringTests.createID(platform, kind: "simple_push")
            let sent = try await platform.send(.post, "/_mock/campaigns/\(id)/send", json: ["client_uuids": ["c1"]])
            XCTAssertEqual(sent.status, .accepted, sent.text)
            let one = try await twice { try await Self.count(platform) }
            XCTAssertEqual(one, [1, 1], "the send shows at once")
            try await platform.send(.delete, "/_mock/campaigns/\(id)")
            let deleted = try await Self.count(platform)
            XCTAssertEqual(deleted, 0, "the delete shows at once")
        }
    }

    /// The number of pushes get-pushes lists.
    private static func count(_ platform: TestPlatform) async throws -> Int? {
        let reply = try await platform.send(.get, path, headers: [.authorization: "Bearer any"])
        XCTAssertEqual(reply.status, .ok, reply.text)
        return (try reply.anyJSON() as? [Any])?.count
    }
}
