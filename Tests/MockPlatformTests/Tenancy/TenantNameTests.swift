@testable import MockPlatform
@testable import MockPlatformRuntime
import XCTest

/// `TenantName`: `[a-z0-9-]{1,40}`.
final class TenantNameTests: XCTestCase {
    func testValidNames() throws {
        for text in ["a", "ci-1", "0", "-", "a-b-c", "abcdefghijklmnopqrstuvwxyz0123456789", String(repeating: "z", count: 40)] {
            let name = try XCTUnwrap(TenantName(text), text)
            XCTAssertEqual(name.rawValue, text)
            XCTAssertEqual(name.description, text)
            XCTAssertEqual(name.pathPrefix, "/t/\(text)")
        }
        XCTAssertEqual(TenantName("ci-1"), TenantName("ci-1"[...]))
    }

    func testInvalidNames() {
        for text in ["", String(repeating: "z", count: 41), "A", "Ci-1", "Bad_Name", "a_b", "a.b", "a b", "a/b", "été", "ａ", "a\n", "%61"] {
            XCTAssertNil(TenantName(text), text.debugDescription)
        }
    }

    func testDefaultTenant() {
        XCTAssertEqual(TenantName.default.rawValue, "default")
        XCTAssertEqual(TenantName.default.pathPrefix, "")
        XCTAssertNotEqual(TenantName("ci-1"), .default)
    }
}
