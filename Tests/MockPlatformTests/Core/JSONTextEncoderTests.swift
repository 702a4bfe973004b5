import Foundation
@testable import MockPlatform
import XCTest

final class JSONTextEncoderTests: XCTestCase {
    private let sample = CodableSample(
        id: "d-\"1\"\n\u{1}é€/", note: nil, flag: true, small: -128, big: .max, negative: .min, ratio: -0.25,
        at: Date(timeIntervalSince1970: 1_795_816_085.0507102), tags: ["b", "a", ""],
        nested: [CodableSample.Inner(zeta: "z", alpha: ["y": 1, "x": -2]), CodableSample.Inner(zeta: "", alpha: [:])],
        byID: Dictionary(uniqueKeysWithValues: (1...200).map { ("d\($0)", CodableSample.Inner(zeta: "\($0)", alpha: [:])) }), optionalArray: nil,
        value: .object(["b": .array([.null, .bool(false), .number(1.5)]), "a": .integer(3)])
    )

    private let encoder = JSONTextEncoder(date: \.timeIntervalSince1970)

    func testWhatItWritesReadsBackAsTheSameValue() throws {
        let text = try encoder.encode(sample)
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .secondsSince1970
        XCTAssertEqual(try decoder.decode(CodableSample.self, from: text), sample)
        XCTAssertEqual(try JSONTextDecoder(date: { Date(timeIntervalSince1970: $0) }).decode(CodableSample.self, from: text), sample)
    }

    func testItWritesCompactTextWithEveryObjectsKeysSorted() throws {
        var withinInt64 = sample
        withinInt64.big = 1 << 60 // a tree holds a larger one as a Double
        let text = try encoder.encode(withinInt64)
        let tree = try JSONParser.parse(text, maxDepth: JSONParser.documentDepth)
        XCTAssertEqual(text, JSONWriter.data(of: tree, sortingKeys: true), "sorted as JSONWriter sorts, nothing but the values")
        XCTAssertFalse(String(decoding: text, as: UTF8.self).contains("\"note\""), "an absent optional is left out")
    }

    func testItRefusesWhatItDoesNotWrite() {
        XCTAssertThrowsError(try encoder.encode([Double.nan]))
        XCTAssertThrowsError(try encoder.encode(["x": Double.infinity]))
        XCTAssertThrowsError(try encoder.encode([Float(1)]))
        XCTAssertThrowsError(try encoder.encode(Data([1, 2])))
        XCTAssertThrowsError(try encoder.encode([URL(fileURLWithPath: "/")]))
    }
}
