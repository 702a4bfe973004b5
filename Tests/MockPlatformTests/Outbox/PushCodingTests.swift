import Foundation
@testable import MockPlatform
@testable import MockPlatformRuntime
import XCTest

/// How a state document keeps a push: its holder under `driverID`, the key it has always had, so
/// outboxes exported before the holder had its own name import unchanged.
final class PushCodingTests: XCTestCase {
    func testTheHolderIsStoredUnderDriverID() throws {
        let stored = #"""
            {"platform":"ios","deviceToken":"t1","driverID":"d1","kind":"synerise_campaign","campaignID":"c1","payload":{},
             "apnsHeaders":{"topic":"com.example.app","pushType":"alert","priority":"10"}}
            """#
        let push = try JSONDecoder().decode(Push.self, from: Data(stored.utf8))
        XCTAssertEqual(push.holder, "d1")
        XCTAssertEqual(push.campaignID, "c1")
        XCTAssertEqual(push.apnsHeaders?.topic, "com.example.app")

        let written = try XCTUnwrap(JSONSerialization.jsonObject(with: JSONEncoder().encode(push)) as? [String: Any])
        XCTAssertEqual(Set(written.keys), ["platform", "deviceToken", "driverID", "kind", "campaignID", "payload", "apnsHeaders"])
        XCTAssertEqual(written["driverID"] as? String, "d1")
    }
}
