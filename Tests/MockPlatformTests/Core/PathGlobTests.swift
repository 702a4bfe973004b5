@testable import MockPlatform
import XCTest

/// The globs of journal filters and fault rules.
final class PathGlobTests: XCTestCase {
    func testOneStarIsOneSegmentAndTwoStarsAreAny() throws {
        let one = try XCTUnwrap(PathGlob("/iql/v1/driver/*/info"))
        XCTAssertTrue(one.matches("/iql/v1/driver/d1/info"))
        XCTAssertFalse(one.matches("/iql/v1/driver/info"))
        XCTAssertFalse(one.matches("/iql/v1/driver/a/b/info"))
        let any = try XCTUnwrap(PathGlob("/iql/**"))
        XCTAssertTrue(any.matches("/iql"))
        XCTAssertTrue(any.matches("/iql/v1/driver/d1/info"))
        XCTAssertFalse(any.matches("/loyalty/v1/account"))
        let middle = try XCTUnwrap(PathGlob("/**/info"))
        XCTAssertTrue(middle.matches("/iql/v1/driver/d1/info"))
        XCTAssertFalse(middle.matches("/iql/v1/driver/d1/status"))
        XCTAssertTrue(try XCTUnwrap(PathGlob("/")).matches("/"))
        XCTAssertNil(PathGlob("iql/*"))
    }
}
