import Foundation
@testable import MockPlatform
import XCTest

/// `JSONWriter`: the compact text a store's state is decoded from on a restore.
final class JSONWriterTests: XCTestCase {
    func testWhatItWritesParsesBackToTheSameValue() throws {
        let value: JSONValue = .object([
            "text": .string("quote \" backslash \\ slash / tab \t newline \n bell \u{07} é 🚗"),
            "numbers": .array([.integer(-42), .integer(Int64.max), .number(33.4484), .number(-1e-7), .number(1.7976931348623157e308)]),
            "nested": .object(["empty": .object([:]), "list": .array([]), "flags": .array([.bool(true), .bool(false), .null])]),
        ])
        XCTAssertEqual(try JSONParser.parse(JSONWriter.data(of: value)), value)
    }

    /// A whole number held as a double is written as an integer, as `JSONDecoder` reads an
    /// integer field only from one.
    func testWholeNumbersAreWrittenAsIntegers() throws {
        XCTAssertEqual(String(decoding: JSONWriter.data(of: .array([.number(3.0), .number(-0.0), .number(1e300)])), as: UTF8.self),
                       "[3,0,1e+300]")
        struct Count: Decodable { let count: Int }
        XCTAssertEqual(try JSONDecoder().decode(Count.self, from: JSONWriter.data(of: .object(["count": .number(7.0)]))).count, 7)
    }

    func testSortingKeysWritesThemInOrder() {
        let value: JSONValue = .object(["b": .integer(2), "a": .object(["d": .null, "c": .null])])
        XCTAssertEqual(String(decoding: JSONWriter.data(of: value, sortingKeys: true), as: UTF8.self), #"{"a":{"c":null,"d":null},"b":2}"#)
    }
}
