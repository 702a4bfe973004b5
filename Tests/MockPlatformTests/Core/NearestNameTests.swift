@testable import MockPlatform
import XCTest

/// "Did you mean" hints: the nearest known name within a small edit distance, or none.
final class NearestNameTests: XCTestCase {
    func testTheNearestNameWithinASmallDistanceIsSuggested() {
        let keys = ["api_keys", "publisher_app_id", "publisher_app_name", "click_secret"]
        XCTAssertEqual(NearestName.to("api_key", among: keys), "api_keys")
        XCTAssertEqual(NearestName.to("publisher_app_nme", among: keys), "publisher_app_name")
        XCTAssertEqual(NearestName.to("CLICK_SECRET", among: keys), "click_secret", "case does not count")
        XCTAssertNil(NearestName.to("colour", among: keys), "nothing close: no hint")
        XCTAssertNil(NearestName.to("", among: keys))
        XCTAssertNil(NearestName.to(String(repeating: "a", count: 65), among: [String(repeating: "a", count: 66)]),
                     "long names get no hint, so the work stays small")
    }

    func testEditDistance() {
        func distance(_ a: String, _ b: String) -> Int { NearestName.editDistance(Array(a.unicodeScalars), Array(b.unicodeScalars)) }
        XCTAssertEqual(distance("kitten", "sitting"), 3)
        XCTAssertEqual(distance("", "abc"), 3)
        XCTAssertEqual(distance("abc", "abc"), 0)
    }
}
