import HTTPTypes
@testable import MockPlatform
import XCTest

/// `HTTPFields.value(of:)`, which the IQL guard reads the API key with.
final class HTTPFieldsValueTests: XCTestCase {
    /// The one-field read gives what the subscript gives, repeated fields joined.
    func testFieldValueIsTheSubscriptsValue() {
        var fields: HTTPFields = [.authorization: "APIKEY a"]
        XCTAssertEqual(fields.value(of: .authorization), "APIKEY a")
        XCTAssertNil(fields.value(of: .accept))
        fields.append(HTTPField(name: .authorization, value: "APIKEY b"))
        XCTAssertEqual(fields.value(of: .authorization), "APIKEY a, APIKEY b")
        XCTAssertEqual(fields.value(of: .authorization), fields[.authorization])
    }
}
