import HTTPTypes
@testable import MockPlatform
@testable import MockPlatformRuntime
import XCTest

/// `CrossStoreChanges`: what a snapshot reads to know it holds no store's half of a change.
final class CrossStoreChangesTests: XCTestCase {
    private struct Refused: Error {}

    func testNothingIsSettledWhileAChangeRunsAndTheMarkMovesOnAfterIt() async throws {
        let changes = CrossStoreChanges()
        let before = try XCTUnwrap(changes.settled)
        let during = await changes.run { changes.settled }
        XCTAssertNil(during, "a snapshot read now could split the change")
        XCTAssertEqual(changes.settled, before + 1, "a snapshot read across the change sees the mark move")
    }

    func testAChangeThatThrowsStillEnds() async throws {
        let changes = CrossStoreChanges()
        do {
            try await changes.run { throw Refused() }
            XCTFail("the change's error comes through")
        } catch is Refused {}
        XCTAssertEqual(changes.settled, 1, "a refused change does not keep snapshots waiting")
    }

    /// A redeem changes the member, then the pass; exports taken alongside hold both or neither.
    func testAnExportTakenDuringARedeemHoldsThePassAtItsMembersPoints() async throws {
        try await TestPlatform.run { platform in
            let member: HTTPFields = [HTTPField.Name("Poq-User-Id")!: "member-gold"]
            for round in 0..<20 {
                try await platform.send(.post, "/_mock/reset")
                async let redeemed = platform.send(.post, "/loyalty/v1/activities/ac-survey/redeem", headers: member)
                async let exported = platform.send(.get, "/_mock/state")
                let (reply, state) = try await (redeemed, exported)
                XCTAssertEqual(reply.status, .ok, reply.text)
                let stores = try XCTUnwrap(try state.json()["stores"] as? [String: Any])
                let gold = ((stores["loyalty"] as? [String: Any])?["members"] as? [String: Any])?["member-gold"] as? [String: Any]
                let points = try XCTUnwrap((gold?["loyalty"] as? [String: Any])?["points"] as? Int)
                let pass = ((stores["wallet"] as? [String: Any])?["passes"] as? [String: Any])?["6001234567890"] as? [String: Any]
                let tag = try XCTUnwrap(pass?["updateTag"] as? Int)
                XCTAssertEqual(points == 445, tag == 2, "round \(round): \(points) points with pass tag \(tag)")
            }
        }
    }

    /// A send makes the campaign visible to its clients, then records its pushes; exports taken
    /// alongside hold as many clients as pushes.
    func testAnExportTakenDuringACampaignSendHoldsItsClientsAndItsPushesTogether() async throws {
        try await TestPlatform.run { platform in
            let payload = try XCTUnwrap(try SyneriseExampleTests.examples().first?["payload"] as? [String: Any])
            let created = try await platform.send(.post, "/_mock/campaigns", json: ["payload": payload])
            let id = try XCTUnwrap(try created.json()["id"] as? String, created.text)
            for round in 0..<20 {
                async let sent = platform.send(
                    .post, "/_mock/campaigns/\(id)/send", json: ["client_uuids": ["client-\(round)"], "device_tokens": [SampleTokens.apns]]
                )
                async let exported = platform.send(.get, "/_mock/state")
                let (reply, state) = try await (sent, exported)
                XCTAssertEqual(reply.status, .accepted, reply.text)
                let document = try state.json()
                let clients = ((document["stores"] as? [String: Any])?["campaigns"] as? [String: Any])?["sentToClient"] as? [String: Any]
                let pushes = (document["outbox"] as? [String: Any])?["entries"] as? [Any]
                XCTAssertEqual(clients?.count, pushes?.count, "round \(round): clients and pushes of the same sends")
            }
        }
    }
}
