import Foundation
@testable import MockPlatform
import XCTest

/// How a state document keeps a push: its holder under `driverID`, the key it has always had, so
/// outboxes exported before the holder had its own name import unchanged.
final class PushCodingTests: XCTestCase {
    func testTheHolderIsStoredUnderDriverID() throws {
        let stored = #"{"platform":"android","deviceToken":"t1","driverID":"d1","kind":"iql_heartbeat","payload":{}}"#
        let push = try JSONDecoder().decode(Push.self, from: Data(stored.utf8))
        XCTAssertEqual(push.holder, "d1")
        XCTAssertEqual(push.kind.rawValue, "iql_heartbeat")

        let written = try XCTUnwrap(JSONSerialization.jsonObject(with: JSONEncoder().encode(push)) as? [String: Any])
        XCTAssertEqual(written["driverID"] as? String, "d1")
        XCTAssertNil(written["holder"])
    }
}
