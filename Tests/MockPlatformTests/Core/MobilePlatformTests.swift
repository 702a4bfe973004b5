import Foundation
@testable import MockCampaigns
@testable import MockPlatform
import XCTest

/// `MobilePlatform`: `ios` and `android` on the wire, and the refusal a restored state document
/// has always given for anything else.
final class MobilePlatformTests: XCTestCase {
    func testRawValuesAndTheRefusalOfAnUnknownOne() throws {
        XCTAssertEqual(try JSONDecoder().decode([MobilePlatform].self, from: Data(#"["ios","android"]"#.utf8)), [.ios, .android])
        XCTAssertEqual(String(decoding: try JSONEncoder().encode([MobilePlatform.android]), as: UTF8.self), #"["android"]"#)
        do {
            _ = try JSONDecoder().decode([MobilePlatform].self, from: Data(#"["windows"]"#.utf8))
            XCTFail("windows was decoded")
        } catch DecodingError.dataCorrupted(let context) {
            XCTAssertEqual(context.debugDescription, "Cannot initialize Platform from invalid String value windows")
            XCTAssertEqual(context.codingPath.count, 1)
        }
    }
}
