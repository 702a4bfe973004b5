@testable import MockPlatform
import XCTest

/// The globs of journal filters and fault rules.
final class PathGlobTests: XCTestCase {
    func testOneStarIsOneSegmentAndTwoStarsAreAny() throws {
        let one = try PathGlob("/iql/v1/driver/*/info")
        XCTAssertTrue(one.matches("/iql/v1/driver/d1/info"))
        XCTAssertFalse(one.matches("/iql/v1/driver/info"))
        XCTAssertFalse(one.matches("/iql/v1/driver/a/b/info"))
        let any = try PathGlob("/iql/**")
        XCTAssertTrue(any.matches("/iql"))
        XCTAssertTrue(any.matches("/iql/v1/driver/d1/info"))
        XCTAssertFalse(any.matches("/loyalty/v1/account"))
        let middle = try PathGlob("/**/info")
        XCTAssertTrue(middle.matches("/iql/v1/driver/d1/info"))
        XCTAssertFalse(middle.matches("/iql/v1/driver/d1/status"))
        XCTAssertTrue(try PathGlob("/").matches("/"))
        XCTAssertTrue(try PathGlob("/**/v1/**/**/info").matches("/iql/v1/driver/d1/info"))
        XCTAssertFalse(try PathGlob("/**/v2/**").matches("/iql/v1/driver/d1/info"))
        XCTAssertThrowsError(try PathGlob("iql/*"))
    }

    func testPatternsAreBoundedAtThirtyTwoSegmentsAndFourDoubleStars() throws {
        let thirtyTwo = "/" + Array(repeating: "a", count: 32).joined(separator: "/")
        XCTAssertTrue(try PathGlob(thirtyTwo).matches(thirtyTwo))
        XCTAssertThrowsError(try PathGlob(thirtyTwo + "/a")) { error in
            XCTAssertEqual((error as? APIError)?.status, .badRequest)
            XCTAssertEqual((error as? APIError)?.limit, .pathGlob)
            XCTAssertTrue((error as? APIError)?.message.hasPrefix("path glob too complex") == true)
        }
        XCTAssertNoThrow(try PathGlob("/**/a/**/b/**/c/**"))
        XCTAssertThrowsError(try PathGlob("/**/a/**/b/**/c/**/**")) { error in
            XCTAssertEqual((error as? APIError)?.limit, .pathGlob)
        }
        XCTAssertThrowsError(try PathGlob(String(repeating: "/a", count: 100_000)))
    }

    /// Four `**` and a failing tail against a long path: a backtracking matcher takes
    /// path^4 steps; this one walks the path once.
    func testMatchingIsLinearInThePath() throws {
        let glob = try PathGlob("/**/*/**/*/**/*/**/zzz")
        let path = String(repeating: "/seg", count: 20_000)
        let started = ContinuousClock.now
        XCTAssertFalse(glob.matches(path))
        XCTAssertTrue(glob.matches(path + "/zzz"))
        XCTAssertLessThan(ContinuousClock.now - started, .seconds(2))
    }
}
