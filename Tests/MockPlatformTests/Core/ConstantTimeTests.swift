@testable import MockPlatform
import XCTest

/// Secrets (admin token, API keys, pass tokens, click signatures) compared by `ConstantTime`.
final class ConstantTimeTests: XCTestCase {
    func testEqualOnlyWhenEveryByteAndTheLengthMatch() {
        XCTAssertTrue(ConstantTime.equals("s3cret-token", "s3cret-token"))
        XCTAssertFalse(ConstantTime.equals("s3cret-token", "s3cret-tokem"))
        XCTAssertFalse(ConstantTime.equals("s3cret", "s3cret-token"))
        XCTAssertFalse(ConstantTime.equals("s3cret-token", "s3cret"))
        XCTAssertFalse(ConstantTime.equals("", "x"))
        XCTAssertTrue(ConstantTime.equals("", ""))
    }
}
