import Foundation
@testable import MockPlatform
@testable import MockPlatformKit
import XCTest

/// `NullWriter`, the one-pass null completion, against the reference (decode into `JSONValue`,
/// complete, re-encode): the same bytes, or it declines and the reference answers.
final class NullCompletionTests: XCTestCase {
    private static let spec = """
        openapi: 3.1.0
        info: {title: t, version: "1"}
        paths:
          /x:
            get:
              operationId: getX
              responses:
                '200':
                  description: ok
                  content:
                    application/json:
                      schema: {$ref: '#/components/schemas/X'}
        components:
          schemas:
            X:
              type: object
              required: [a, m, z, inner, list, B]
              properties:
                a: {type: [string, "null"]}
                B: {type: [integer, "null"]}
                m: {type: string}
                z: {type: [number, "null"]}
                n: {type: number}
                inner: {$ref: '#/components/schemas/Inner'}
                list: {type: array, items: {$ref: '#/components/schemas/Inner'}}
                free: {type: object}
            Inner:
              type: object
              required: [p, q_1, q10, q2]
              properties:
                p: {type: [string, "null"]}
                q_1: {type: [string, "null"]}
                q10: {type: [string, "null"]}
                q2: {type: [string, "null"]}
                r: {type: string}
        """

    private func shape() throws -> NullCompletion.Shape {
        try XCTUnwrap(NullCompletion(document: SpecDocument(yaml: Self.spec)).shapes["getX"])
    }

    /// Encodes `value` as the generated code would (sorted keys, unescaped slashes).
    private func encoded(_ value: JSONValue) -> [UInt8] { [UInt8](value.encoded()) }

    private func assertSame(_ value: JSONValue, file: StaticString = #filePath, line: UInt = #line) throws {
        let bytes = encoded(value)
        let shape = try shape()
        let fast = try XCTUnwrap(NullWriter.complete(bytes, shape: shape), "declined", file: file, line: line)
        let reference = try XCTUnwrap(NullCompletion.referenceCompletion(bytes, shape: shape), file: file, line: line)
        XCTAssertEqual(String(decoding: fast, as: UTF8.self), String(decoding: reference, as: UTF8.self), file: file, line: line)
    }

    func testInsertsMissingKeysWhereTheEncoderSortsThem() throws {
        try assertSame(.object(["m": .string("x"), "inner": .object([:]), "list": .array([])]))
        try assertSame(.object([
            "m": .string("é/\"\\\n"), "n": .number(1.5), "inner": .object(["r": .string("r"), "q2": .string("2")]),
            "list": .array([.object([:]), .object(["p": .null, "q10": .string("x")]), .integer(3)]),
            "free": .object(["zz": .bool(true), "A": .array([.null, .integer(-12)])]),
        ]))
        try assertSame(.object(["a": .string("a"), "B": .integer(1), "m": .string(""), "z": .number(0.1), "inner": .null, "list": .null]))
        try assertSame(.array([.object([:])]))
        try assertSame(.string("not an object"))
        let completed = try XCTUnwrap(NullWriter.complete(encoded(.object(["m": .string("x")])), shape: shape()))
        XCTAssertEqual(try JSONParser.parse(completed), .object(["B": .null, "a": .null, "m": .string("x"), "z": .null]))
    }

    func testDeclinesWhatReencodingCouldWriteDifferently() throws {
        let shape = try shape()
        for body in [
            #"{"m": "x"}"#,                     // whitespace
            #"{"m":"x","unknown":1}"#,          // a key the spec does not declare
            #"{"m":"x","z":1e2}"#, #"{"m":"x","z":2.0}"#, #"{"m":"x","z":-0}"#, #"{"m":"x","z":0.10}"#,
            #"{"m":"x","n":12345678901234567890}"#, #"{"m":"x","n":007}"#,
            #"{"m":"x","z":1}trailing"#, #"{"m":"x""#,
        ] {
            XCTAssertNil(NullWriter.complete(Array(body.utf8), shape: shape), body)
        }
        XCTAssertNotNil(NullWriter.complete(Array(#"{"m":"x","z":1e-05}"#.utf8), shape: shape))
    }

    /// A document's scalars are read as written: `null` in a type list counts whether it is
    /// written bare or quoted, and the bundled IQL document's driver status needs completing.
    func testANullTypeCountsWrittenBareOrQuoted() throws {
        for null in ["null", #""null""#, "'null'"] {
            let yaml = Self.spec.replacingOccurrences(of: #"a: {type: [string, "null"]}"#, with: "a: {type: [string, \(null)]}")
            let shape = try XCTUnwrap(NullCompletion(document: SpecDocument(yaml: yaml)).shapes["getX"], null)
            guard case .object(let object) = shape else { return XCTFail("not an object shape: \(shape)") }
            XCTAssertEqual(object.members.first { $0.name == "a" }?.nullableRequired, true, null)
        }
        let iql = try NullCompletion(document: SpecDocument(yaml: SpecCatalog.bundled().document(named: "iql")))
        XCTAssertNotNil(iql.shapes["getDriverStatus"])
    }
}
