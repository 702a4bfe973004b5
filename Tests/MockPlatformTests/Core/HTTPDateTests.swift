import Foundation
@testable import MockPlatform
import XCTest

final class HTTPDateTests: XCTestCase {
    func testIMFFixdateRoundTrips() throws {
        let date = Date(timeIntervalSince1970: 784_111_777)
        XCTAssertEqual(HTTPDate.string(from: date), "Sun, 06 Nov 1994 08:49:37 GMT")
        XCTAssertEqual(HTTPDate.date(from: "Sun, 06 Nov 1994 08:49:37 GMT"), date)
        XCTAssertNil(HTTPDate.date(from: "yesterday"))
    }
}
