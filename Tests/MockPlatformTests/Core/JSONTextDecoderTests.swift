import Foundation
@testable import MockPlatform
@testable import MockPlatformRuntime
import XCTest

final class JSONTextDecoderTests: XCTestCase {
    private let decoder = JSONTextDecoder(date: { Date(timeIntervalSince1970: $0) })

    private static let text = #"""
    { "at": 1795816085.0507102, "big": 18446744073709551615, "byID": {"b": {"alpha": {}, "zeta": "B"}, "a\u00e9": {"alpha": {"x": -1}, "zeta": "A"}},
      "flag": true, "id": "d-\"1\"\n\u00e9€", "nested": [{"zeta": "n", "alpha": {"k": 2}}, {"alpha": {}, "zeta": ""}],
      "negative": -9223372036854775808, "note": null, "optionalArray": [1, 2, 3], "ratio": -0.25, "small": -128, "tags": ["a", "b", "ü"],
      "value": {"b": [null, false, 1.5], "a": 3} }
    """#

    func testItDecodesWhatJSONDecoderDecodes() throws {
        let data = Data(Self.text.utf8)
        let reference = JSONDecoder()
        reference.dateDecodingStrategy = .secondsSince1970
        let expected = try reference.decode(CodableSample.self, from: data)
        XCTAssertEqual(try decoder.decode(CodableSample.self, from: data), expected)
        XCTAssertEqual(expected.byID["aé"]?.alpha, ["x": -1], "escaped keys are read as their text")
        XCTAssertEqual(expected.id, "d-\"1\"\né€")
        XCTAssertNil(expected.note)
    }

    func testItReadsAPartOfALargerText() throws {
        let whole = Data(("[" + Self.text + "]").utf8)
        let part = whole[whole.index(after: whole.startIndex)..<whole.index(before: whole.endIndex)]
        XCTAssertEqual(try decoder.decode(CodableSample.self, from: part).id, "d-\"1\"\né€")
    }

    func testALargeDictionaryIsDecodedWhole() throws {
        let entries = (1...25_000).map { ("d\($0)", CodableSample.Inner(zeta: "\($0)", alpha: ["n": $0])) }
        let data = try JSONEncoder().encode(Dictionary(uniqueKeysWithValues: entries))
        let decoded = try decoder.decode([String: CodableSample.Inner].self, from: data)
        XCTAssertEqual(decoded, try JSONDecoder().decode([String: CodableSample.Inner].self, from: data))
        XCTAssertEqual(decoded.count, 25_000)
        XCTAssertThrowsError(try decoder.decode([String: CodableSample.Inner].self, from: Data(String(decoding: data, as: UTF8.self)
            .replacingOccurrences(of: #""zeta":"24999""#, with: #""zeta":24999"#).utf8)), "one value that fails fails the whole")
    }

    func testItRefusesWhatItDoesNotReadAsAsked() {
        for (text, type) in [
            ("300", UInt8.self as any Decodable.Type), ("-1", UInt.self), ("1.0", Int.self), ("1e2", Int.self),
            ("\"1\"", Int.self), ("1", String.self), ("null", Bool.self), ("18446744073709551616", UInt64.self),
            ("{}", [Int].self), ("[]", [String: Int].self), ("{\"zeta\": \"x\"}", CodableSample.Inner.self), ("\"x\"", Data.self),
        ] {
            XCTAssertThrowsError(try decoder.decode(type, from: Data(text.utf8)), "\(text) as \(type)")
        }
    }

    func testEveryCutOfATextIsRefusedWithoutATrap() {
        let data = Data(Self.text.utf8)
        for end in 0..<data.count where !data[..<end].allSatisfy({ $0 == 0x20 || $0 == 0x0A }) {
            XCTAssertThrowsError(try decoder.decode(CodableSample.self, from: data[..<end]), "cut at \(end)")
        }
    }

    func testAnInstantOutsideTheRangeIsRefused() {
        let checked = JSONTextDecoder(date: RestoredValueCheck.instant(seconds:))
        XCTAssertThrowsError(try checked.decode([Date].self, from: Data("[1e300]".utf8)))
        XCTAssertEqual(try checked.decode([Date].self, from: Data("[0]".utf8)), [Date(timeIntervalSince1970: 0)])
    }
}
