@testable import MockPlatform
import XCTest

/// The strict request-body parser: what it accepts and what answers `malformed JSON body`.
final class JSONParserTests: XCTestCase {
    private func parse(_ text: String) -> JSONValue? { try? JSONParser.parse(Array(text.utf8)) }

    func testAcceptsEveryJSONValueKind() {
        XCTAssertEqual(
            parse(#" {"a": [1, -2.5, 3e2, true, false, null, "x\"\\\/\n\u00e9\ud83d\ude00"], "b": {}} "#),
            .object([
                "a": .array([.integer(1), .number(-2.5), .number(300), .bool(true), .bool(false), .null, .string("x\"\\/\né😀")]),
                "b": .object([:]),
            ])
        )
    }

    /// A string's text is kept whole around escapes wherever they stand, and bytes that are
    /// not UTF-8 are refused before or after an escape alike.
    func testStringsKeepTheirTextAroundEscapes() {
        for (text, expected) in [(#""\nab""#, "\nab"), (#""ab\n""#, "ab\n"), (#""a\tb\u00e9c""#, "a\tbéc"), (#""""#, ""), (#""plain""#, "plain")] {
            XCTAssertEqual(parse(text), .string(expected), text)
        }
        for bytes: [UInt8] in [[0x22, 0xFF, 0x22], [0x22, 0x5C, 0x6E, 0xC3, 0x22], [0x22, 0x61, 0xE2, 0x82, 0x5C, 0x6E, 0x22]] {
            XCTAssertNil(try? JSONParser.parse(bytes), "\(bytes)")
        }
    }

    func testRejectsWhatRFC8259Rejects() {
        for text in [#"{"a":1,}"#, "[1,2,]", "{'a':1}", "01", "1.", "-", ".5", "+1", "[1 2]", #"{"a" 1}"#,
                     "\"tab\there\"", #""\x""#, #""\ud800""#, "nul", "{} {}", "", "NaN", "1e999"] {
            XCTAssertNil(parse(text), "should reject: \(text)")
        }
    }

    func testDeepNestingIsRefusedWithoutExhaustingTheStack() {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        XCTAssertNil(parse(deep))
        let allowed = String(repeating: "[", count: JSONParser.maxDepth) + String(repeating: "]", count: JSONParser.maxDepth)
        XCTAssertNotNil(parse(allowed))
        let over = String(repeating: "[", count: JSONParser.maxDepth + 1) + String(repeating: "]", count: JSONParser.maxDepth + 1)
        XCTAssertThrowsError(try JSONParser.parse(Array(over.utf8))) { error in
            guard case .tooDeep? = error as? JSONParser.Failure else { return XCTFail("\(error)") }
        }
        XCTAssertEqual(JSONParser.maxDepth, 64)
    }

    func testTrailingCommaBodyIsMalformedOverHTTP() async throws {
        try await TestPlatform.run { platform in
            let reply = try await platform.iql(.put, "/iql/v1/driver/d1/info", body: #"{"country":"USA","state":"AZ",}"#)
            XCTAssertEqual(reply.status, .badRequest)
            XCTAssertEqual(reply.iqlError, "malformed JSON body")
        }
    }

    /// The control plane says where a body stops being JSON; IQL keeps its documented message.
    func testTheControlPlaneSaysWhereABodyIsMalformed() async throws {
        try await TestPlatform.run { platform in
            let cases = [
                ("{\"now\": ", "line 1, column 9"),
                ("{\n  \"now\": \"2024-06-10T12:00:00Z\",\n}", "line 3, column 1"),
                ("{\"advance_seconds\": 5x}", "line 1, column 22"),
            ]
            for (body, position) in cases {
                let reply = try await platform.send(.post, "/_mock/clock", body: body, headers: [.contentType: "application/json"])
                reply.assertProblem(.badRequest, "malformed JSON body at \(position)")
            }
            let iql = try await platform.iql(.put, "/iql/v1/driver/d1/info", body: "{\n  \"country\": ")
            XCTAssertEqual(iql.iqlError, "malformed JSON body")
        }
    }
}
