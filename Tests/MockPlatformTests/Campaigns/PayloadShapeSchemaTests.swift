@testable import MockCampaigns
@testable import MockPlatform
import XCTest

/// `PayloadShape(schema:in:)`: JSON Schemas as campaigns.yaml writes them become checks whose
/// messages name the bad field; what the reader cannot check stops the read instead of being
/// skipped.
final class PayloadShapeSchemaTests: XCTestCase {
    /// Schemas as `SpecDocument` reads YAML: every scalar is text.
    private let schemas: [String: JSONValue] = [
        "Color": .object(["type": .string("string"), "pattern": .string("^#[0-9A-Fa-f]{6}$")]),
        "Page": .object([
            "type": .string("object"),
            "additionalProperties": .string("false"),
            "required": .array([.string("index"), .string("color")]),
            "properties": .object([
                "index": .object(["type": .string("integer"), "minimum": .string("0")]),
                "color": .object(["$ref": .string("#/components/schemas/Color")]),
                "image": .object(["type": .string("string"), "pattern": .string("^https?://"), "description": .string("A URL.")]),
                "alpha": .object(["type": .string("number"), "minimum": .string("0"), "maximum": .string("1")]),
                "badge": .object(["anyOf": .array([
                    .object(["type": .string("integer"), "minimum": .string("0")]),
                    .object(["type": .string("string"), "pattern": .string("^[0-9]+$")]),
                ])]),
            ]),
        ]),
    ]

    func testAnObjectSchemaChecksRequiredKeysTypesPatternsAndUnknownKeys() throws {
        let page = try PayloadShape(schema: .object(["$ref": .string("#/components/schemas/Page")]), in: schemas)
        let good: [String: JSONValue] = ["index": .integer(0), "color": .string("#A0b1C2"), "image": .string("HTTPS://example.com/a.png")]
        XCTAssertNil(page.problem(with: .object(good)), "an http(s) URL's scheme is taken in any case")
        XCTAssertEqual(page.problem(with: .object(good.merging(["index": .integer(-1)]) { $1 })), "payload.index must be an integer of at least 0")
        XCTAssertEqual(page.problem(with: .object(good.filter { $0.key != "color" })), "payload.color is required")
        XCTAssertEqual(page.problem(with: .object(good.merging(["color": .string("red")]) { $1 })), "payload.color must be a #rrggbb color")
        XCTAssertEqual(page.problem(with: .object(good.merging(["image": .string("ftp://x")]) { $1 })), "payload.image must be an http(s) URL")
        XCTAssertEqual(page.problem(with: .object(good.merging(["alpha": .number(1.5)]) { $1 })), "payload.alpha must be a number between 0 and 1")
        XCTAssertEqual(page.problem(with: .object(good.merging(["extra": .bool(true)]) { $1 })), "payload.extra is not allowed")
        XCTAssertEqual(
            page.problem(with: .object(good.merging(["badge": .string("one")]) { $1 })),
            "payload.badge must be an integer of at least 0 or a string of digits"
        )
        XCTAssertNil(page.problem(with: .object(good.merging(["badge": .string("12")]) { $1 })))
    }

    func testRequiredKeysAreCheckedInTheDocumentsOrderThenTheOthersByName() throws {
        let page = try PayloadShape(schema: schemas["Page"] ?? .null, in: schemas)
        let bad: [String: JSONValue] = ["color": .integer(1), "index": .string("0"), "image": .integer(2), "alpha": .string("x")]
        XCTAssertEqual(page.problem(with: .object(bad)), "payload.index must be an integer of at least 0")
        XCTAssertEqual(page.problem(with: .object(bad.merging(["index": .integer(0)]) { $1 })), "payload.color must be a string")
        XCTAssertEqual(
            page.problem(with: .object(bad.merging(["index": .integer(0), "color": .string("#000000")]) { $1 })),
            "payload.alpha must be a number between 0 and 1"
        )
    }

    func testOneOfIsToldApartByItsConstant() throws {
        func branch(_ tag: String, _ field: String) -> JSONValue {
            .object([
                "type": .string("object"), "additionalProperties": .string("false"),
                "required": .array([.string("type"), .string(field)]),
                "properties": .object([
                    "type": .object(["type": .string("string"), "const": .string(tag)]),
                    field: .object(["type": .string("boolean")]),
                ]),
            ])
        }
        let media = try PayloadShape(schema: .object(["oneOf": .array([branch("single-image", "wide"), branch("carousel", "loop")])]), in: [:])
        XCTAssertNil(media.problem(with: .object(["type": .string("carousel"), "loop": .bool(true)])))
        XCTAssertEqual(media.problem(with: .object(["loop": .bool(true)])), "payload.type is required")
        XCTAssertEqual(media.problem(with: .object(["type": .string("video")])), "payload.type must be one of single-image, carousel")
        XCTAssertEqual(media.problem(with: .object(["type": .string("carousel"), "wide": .bool(true)])), "payload.loop is required")
        XCTAssertEqual(media.problem(with: .array([])), "payload must be an object")
    }

    func testListAndNumberBoundsAreSaidAsWritten() throws {
        let list = try PayloadShape(schema: .object([
            "type": .string("array"), "minItems": .string("1"), "maxItems": .string("2"), "items": .object(["type": .string("boolean")]),
        ]), in: [:])
        XCTAssertEqual(list.problem(with: .array([])), "payload must have 1 to 2 item(s)")
        XCTAssertEqual(list.problem(with: .array([.bool(true), .integer(1)])), "payload[1] must be a boolean")
        let number = try PayloadShape(schema: .object(["type": .string("number")]), in: [:])
        XCTAssertNil(number.problem(with: .number(-1e300)))
        XCTAssertEqual(number.problem(with: .string("1")), "payload must be a number")
    }

    func testWhatTheReaderCannotCheckStopsTheRead() {
        let refused: [(String, JSONValue)] = [
            ("maxLength", .object(["type": .string("string"), "maxLength": .string("3")])),
            ("pattern", .object(["type": .string("string"), "pattern": .string("^[a-z]+$")])),
            ("Missing", .object(["$ref": .string("#/components/schemas/Missing")])),
            ("allOf", .object(["allOf": .array([])])),
            ("required property", .object(["type": .string("object"), "required": .array([.string("x")])])),
            ("required must be a list", .object(["type": .string("object"), "required": .string("x")])),
            ("properties must be a mapping", .object(["type": .string("object"), "properties": .array([])])),
            ("minLength beside $ref", .object(["$ref": .string("#/components/schemas/Color"), "minLength": .string("1")])),
            ("admit no integer", .object(["type": .string("integer"), "minimum": .string("2"), "maximum": .string("1")])),
            ("const with bounds", .object(["type": .string("integer"), "const": .string("1"), "minimum": .string("0")])),
        ]
        for (expected, schema) in refused {
            XCTAssertThrowsError(try PayloadShape(schema: schema, in: schemas), expected) { error in
                XCTAssertTrue("\(error)".contains(expected), "\(error)")
            }
        }
    }

    func testAReferenceCycleStopsAtTheDepthLimit() {
        let cycle: [String: JSONValue] = ["Loop": .object(["$ref": .string("#/components/schemas/Loop")])]
        XCTAssertThrowsError(try PayloadShape(schema: .object(["$ref": .string("#/components/schemas/Loop")]), in: cycle)) { error in
            XCTAssertTrue("\(error)".contains("deeper than \(PayloadShape.maxSchemaDepth)"), "\(error)")
        }
    }
}
