@testable import MockPlatform
@testable import MockPlatformKit
import XCTest

/// `RequestTarget` and `RouteCatalog.segments(of:)`: found by bytes where they can be, they split
/// every target where Swift's characters split it, so a request routes and is journalled as it
/// always was.
final class RequestTargetTests: XCTestCase {
    /// Targets whose first `?` byte is or is not a character of its own.
    private let targets = [
        "/iql/v1/driver/d1/status", "/iql/v1/offers?driver_id=d1&x=?", "?", "/a?", "/caf\u{E9}?q=\u{E9}",
        "/a?\u{301}b?c", "/a\u{600}?b?c", "/\u{E9}?x", "/x?\u{E9}", "/a?\u{301}", "/\u{301}?",
    ]

    func testSplitsAtTheFirstQuestionMarkCharacter() {
        for raw in targets {
            let target = RequestTarget(raw)
            let separator = raw.firstIndex(of: "?")
            XCTAssertEqual(target.path, raw[..<(separator ?? raw.endIndex)], raw)
            XCTAssertEqual(target.query, separator.map { raw[raw.index(after: $0)...] }, raw)
        }
        XCTAssertEqual(RequestTarget("/a?\u{301}b?c").query, "c", "a ? joined to a combining mark is not the separator")
    }

    func testSegmentsAreTheCharacterSplit() {
        for path in ["/iql/v1/driver/d1/status", "/", "//a//b/", "/\u{301}x", "/a/\u{301}/b", "/caf\u{E9}/x", "/x\u{600}/y"] {
            XCTAssertEqual(RouteCatalog.segments(of: path), path.split(separator: "/"), path)
        }
    }
}
