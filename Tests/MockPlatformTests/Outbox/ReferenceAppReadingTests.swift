@testable import MockPlatform
@testable import MockPlatformRuntime
import XCTest

/// `ReferenceAppReading`: what the reference apps' push readers would trap on or ignore.
final class ReferenceAppReadingTests: XCTestCase {
    func testEachRuleNamesWhatTheAppWouldDo() {
        let heartbeat = JSONValue.object(["aps": .object(["content-available": .integer(1)]), "data": .object(["type": .string("heartbeat")])])
        XCTAssertEqual(ReferenceAppReading.warnings(ios: heartbeat, android: nil), [])
        let untyped = JSONValue.object(["data": .object(["type": .integer(1)])])
        XCTAssertEqual(ReferenceAppReading.warnings(ios: untyped, android: nil).count, 1)
        let notAnObject = JSONValue.object(["data": .string("x")])
        XCTAssertEqual(ReferenceAppReading.warnings(ios: notAnObject, android: nil), [], "`as? [String: Any]` skips it")
        let android = JSONValue.object(["data": .object(["qualification_status": .string("qualified"), "count": .integer(2)])])
        XCTAssertEqual(ReferenceAppReading.warnings(ios: nil, android: android),
                       ["android.data has values that are not strings: FCM data is a map of strings to strings"])
    }
}
