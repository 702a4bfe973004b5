import Foundation
import HTTPTypes
import OpenAPIRuntime

/// Writes `null` for required, nullable response properties that the generated encoder left out.
///
/// swift-openapi-generator encodes a `nil` optional by omitting the key, but the contracts
/// require keys such as driverInfo's `zipcode` to be present as `null`. The shapes come from
/// the spec itself: a required property missing from a 2xx JSON body can only be a nil optional,
/// that is a nullable one, so it is written as `null`.
package struct NullCompletion {
    /// Required keys and nested shapes of a response body, read once from the spec.
    package indirect enum Shape: Sendable {
        case object(ObjectShape)
        case array(Shape)
        case other

        /// True when some required property below can be null.
        package var hasNullableRequired: Bool {
            switch self {
            case .object(let object): object.hasNullableRequired
            case .array(let element): element.hasNullableRequired
            case .other: false
            }
        }

        /// The reference completion: on a decoded value, adds `null` for every missing required,
        /// nullable key. The response path uses `NullWriter`, which gives the same bytes in one pass;
        /// this one is kept for the bodies it declines (and, in debug builds, to check it).
        package func completing(_ value: JSONValue) -> JSONValue {
            switch (self, value) {
            case (.object(let shape), .object(var object)):
                for member in shape.members {
                    if member.nullableRequired, object[member.name] == nil { object[member.name] = .null }
                    if let nested = member.shape, let present = object[member.name] { object[member.name] = nested.completing(present) }
                }
                return .object(object)
            case (.array(let element), .array(let items)):
                return .array(items.map { element.completing($0) })
            default:
                return value
            }
        }
    }

    /// An object schema's declared properties, in the order the response encoder writes keys.
    package struct ObjectShape: Sendable {
        package struct Member: Sendable {
            package let name: String
            /// The key as the encoder writes it between its quotes.
            package let encodedName: [UInt8]
            /// Required and nullable: written as `null` when the encoder left it out.
            package let nullableRequired: Bool
            /// `"name":null`, ready to insert.
            package let nullMember: [UInt8]
            /// The property's shape when something below it needs completing.
            package let shape: Shape?
        }

        package let members: [Member]
        package let hasNullableRequired: Bool
    }

    /// Success-response (200, else 201) shapes by operation id, only for operations that need completing.
    package let shapes: [String: Shape]

    /// Reads every operation's 200 (else 201) `application/json` schema from an OpenAPI document.
    package init(document: SpecDocument) {
        var shapes: [String: Shape] = [:]
        for (_, operation) in document.operations {
            let responses = operation["responses"]?.objectValue
            guard let id = operation["operationId"]?.stringValue,
                  let ok = (responses?["200"] ?? responses?["201"])?.objectValue,
                  let schema = ok["content"]?.objectValue?["application/json"]?.objectValue?["schema"]
            else { continue }
            let shape = NullCompletion.shape(of: schema, schemas: document.schemas, depth: 0)
            if shape.hasNullableRequired { shapes[id] = shape }
        }
        self.shapes = shapes
    }

    private static func shape(of node: JSONValue, schemas: [String: JSONValue], depth: Int) -> Shape {
        guard depth < 32, let node = node.objectValue, let schema = SpecDocument.resolved(node, in: schemas) else { return .other }
        if let items = schema["items"] {
            return .array(shape(of: items, schemas: schemas, depth: depth + 1))
        }
        guard let properties = schema["properties"]?.objectValue else { return .other }
        let required = schema["required"]?.strings ?? []
        var nested: [String: Shape] = [:]
        var nullableRequired: Set<String> = []
        for (key, property) in properties {
            let child = shape(of: property, schemas: schemas, depth: depth + 1)
            if child.hasNullableRequired { nested[key] = child }
            if required.contains(key), isNullable(property, schemas: schemas) { nullableRequired.insert(key) }
        }
        let members = encoderOrder(Array(properties.keys)).map { name, encoded in
            ObjectShape.Member(
                name: name,
                encodedName: encoded,
                nullableRequired: nullableRequired.contains(name),
                nullMember: [UInt8(ascii: "\"")] + encoded + Array("\":null".utf8),
                shape: nested[name]
            )
        }
        return .object(ObjectShape(members: members, hasNullableRequired: !nullableRequired.isEmpty || !nested.isEmpty))
    }

    /// `names` in the order the response encoder (sorted keys) writes them, each with its
    /// encoded form: asked of the encoder itself, so the order is its comparison, not a guess.
    private static func encoderOrder(_ names: [String]) -> [(String, [UInt8])] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = Configuration.mockPlatform.jsonEncodingOptions.foundationFormatting
        var probe: [String: Int] = [:]
        for (index, name) in names.enumerated() { probe[name] = index }
        guard let bytes = try? [UInt8](encoder.encode(probe)) else { return [] }
        // `{"key":index,...}`: keys never hold an unescaped quote.
        var result: [(String, [UInt8])] = []
        var index = 1
        while index < bytes.count, bytes[index] == UInt8(ascii: "\"") {
            var end = index + 1
            while bytes[end] != UInt8(ascii: "\"") { end += bytes[end] == UInt8(ascii: "\\") ? 2 : 1 }
            var digitsEnd = end + 2
            while bytes[digitsEnd] >= UInt8(ascii: "0") && bytes[digitsEnd] <= UInt8(ascii: "9") { digitsEnd += 1 }
            let position = Int(String(decoding: bytes[(end + 2)..<digitsEnd], as: UTF8.self)) ?? 0
            result.append((names[position], Array(bytes[(index + 1)..<end])))
            index = digitsEnd + 1
        }
        return result.count == names.count ? result : names.sorted().map { ($0, Array($0.utf8)) }
    }

    /// Whether a property's schema, or the component it refers to, admits `null`.
    private static func isNullable(_ node: JSONValue, schemas: [String: JSONValue]) -> Bool {
        guard let node = node.objectValue, let schema = SpecDocument.resolved(node, in: schemas) else { return false }
        return schema["type"]?.strings?.contains("null") ?? false
    }

    /// A 200 or 201 answer's body with `null` written for every required, nullable key the
    /// encoder left out, and its head without the encoder's `Content-Length`; nil for a body
    /// that is not JSON of the shape, which is sent as it is.
    package static func completing(
        _ response: HTTPResponse, body bytes: [UInt8], shape: Shape, operationID: String
    ) -> (HTTPResponse, [UInt8])? {
        var adjusted = response
        adjusted.headerFields[.contentLength] = nil
        if let completed = NullWriter.complete(bytes, shape: shape) {
            #if DEBUG
            let reference = Self.referenceCompletion(bytes, shape: shape)
            precondition(reference == nil || reference! == Data(completed), """
                NullCompletion: one-pass completion differs from the reference for \(operationID):
                \(String(decoding: completed, as: UTF8.self))
                \(String(decoding: reference!, as: UTF8.self))
                """)
            #endif
            return (adjusted, completed)
        }
        return Self.referenceCompletion(bytes, shape: shape).map { (adjusted, [UInt8]($0)) }
    }

    /// Decode, complete, re-encode: the original completion, for bodies `NullWriter` declines.
    package static func referenceCompletion(_ bytes: [UInt8], shape: Shape) -> Data? {
        guard let value = try? JSONDecoder().decode(JSONValue.self, from: Data(bytes)) else { return nil }
        return shape.completing(value).encoded()
    }
}

extension JSONEncodingOptions {
    /// The same options as Foundation's output formatting.
    package var foundationFormatting: JSONEncoder.OutputFormatting {
        var formatting: JSONEncoder.OutputFormatting = []
        if contains(.prettyPrinted) { formatting.insert(.prettyPrinted) }
        if contains(.sortedKeys) { formatting.insert(.sortedKeys) }
        if contains(.withoutEscapingSlashes) { formatting.insert(.withoutEscapingSlashes) }
        return formatting
    }
}

/// Completes an encoded response body with `null` for missing required, nullable keys, in one
/// pass over the bytes the generated encoder wrote.
///
/// The result is byte for byte what decoding the body into `JSONValue`, completing it and
/// encoding it again gives (`NullCompletion.referenceCompletion`), and it is found without
/// either: the encoder already wrote compact JSON with sorted keys, so the body is copied as it
/// is and each missing key is inserted where the encoder's own key order (read from the encoder
/// at start, `NullCompletion.ObjectShape`) puts it. Anything the re-encoding could have written
/// differently is declined (`nil`) and left to the reference path: whitespace, a key the spec
/// does not declare at a completed level, an integer written with an exponent or a fraction or
/// too many digits, a fraction the shortest form would print otherwise.
package struct NullWriter {
    private struct Declined: Error {}

    private let input: [UInt8]
    private var index = 0
    private var output: [UInt8] = []

    package static let maxDepth = 256

    package static func complete(_ bytes: [UInt8], shape: NullCompletion.Shape) -> [UInt8]? {
        var writer = NullWriter(input: bytes)
        writer.output.reserveCapacity(bytes.count + 64)
        do {
            try writer.value(shape, depth: 0)
            guard writer.index == bytes.count else { return nil }
        } catch {
            return nil
        }
        return writer.output
    }

    private init(input: [UInt8]) { self.input = input }

    private func byte() throws(Declined) -> UInt8 {
        guard index < input.count else { throw Declined() }
        return input[index]
    }

    private mutating func value(_ shape: NullCompletion.Shape?, depth: Int) throws(Declined) {
        guard depth < Self.maxDepth else { throw Declined() }
        switch try byte() {
        case UInt8(ascii: "{"):
            if case .object(let object)? = shape { try self.object(object, depth: depth) } else { try self.object(nil, depth: depth) }
        case UInt8(ascii: "["):
            if case .array(let element)? = shape { try array(element, depth: depth) } else { try array(nil, depth: depth) }
        case UInt8(ascii: "\""):
            let start = index
            try skipString()
            output.append(contentsOf: input[start..<index])
        case UInt8(ascii: "t"): try literal("true")
        case UInt8(ascii: "f"): try literal("false")
        case UInt8(ascii: "n"): try literal("null")
        default: try number()
        }
    }

    private mutating func object(_ shape: NullCompletion.ObjectShape?, depth: Int) throws(Declined) {
        output.append(UInt8(ascii: "{"))
        index += 1
        var first = true
        var member = 0
        let members = shape?.members ?? []
        if try byte() != UInt8(ascii: "}") {
            while true {
                guard try byte() == UInt8(ascii: "\"") else { throw Declined() }
                let keyStart = index
                try skipString()
                let keyEnd = index
                var nested: NullCompletion.Shape?
                if shape != nil {
                    let key = input[(keyStart + 1)..<(keyEnd - 1)]
                    while member < members.count, !members[member].encodedName.elementsEqual(key) {
                        if members[member].nullableRequired { insertNull(members[member], first: &first) }
                        member += 1
                    }
                    guard member < members.count else { throw Declined() }
                    nested = members[member].shape
                    member += 1
                }
                if !first { output.append(UInt8(ascii: ",")) }
                first = false
                output.append(contentsOf: input[keyStart..<keyEnd])
                guard try byte() == UInt8(ascii: ":") else { throw Declined() }
                output.append(UInt8(ascii: ":"))
                index += 1
                try value(nested, depth: depth + 1)
                let separator = try byte()
                if separator == UInt8(ascii: ",") {
                    index += 1
                } else if separator == UInt8(ascii: "}") {
                    break
                } else {
                    throw Declined()
                }
            }
        }
        index += 1
        while member < members.count {
            if members[member].nullableRequired { insertNull(members[member], first: &first) }
            member += 1
        }
        output.append(UInt8(ascii: "}"))
    }

    private mutating func insertNull(_ member: NullCompletion.ObjectShape.Member, first: inout Bool) {
        if !first { output.append(UInt8(ascii: ",")) }
        first = false
        output.append(contentsOf: member.nullMember)
    }

    private mutating func array(_ element: NullCompletion.Shape?, depth: Int) throws(Declined) {
        output.append(UInt8(ascii: "["))
        index += 1
        if try byte() != UInt8(ascii: "]") {
            while true {
                try value(element, depth: depth + 1)
                let separator = try byte()
                if separator == UInt8(ascii: ",") {
                    output.append(separator)
                    index += 1
                } else if separator == UInt8(ascii: "]") {
                    break
                } else {
                    throw Declined()
                }
            }
        }
        index += 1
        output.append(UInt8(ascii: "]"))
    }

    /// Moves past a string, its quotes included; control characters are declined.
    private mutating func skipString() throws(Declined) {
        index += 1
        while true {
            let current = try byte()
            if current == UInt8(ascii: "\"") { index += 1; return }
            if current < 0x20 { throw Declined() }
            index += current == UInt8(ascii: "\\") ? 2 : 1
        }
    }

    private mutating func literal(_ text: StaticString) throws(Declined) {
        let expected = UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount)
        guard index + expected.count <= input.count, input[index..<(index + expected.count)].elementsEqual(expected) else {
            throw Declined()
        }
        output.append(contentsOf: expected)
        index += expected.count
    }

    /// Copies a number when re-encoding would write the same text: a plain integer the decoder
    /// reads as `Int64` (at most 18 digits, no leading zero, not `-0`), or a non-integral double
    /// already in its shortest form. Everything else is declined.
    private mutating func number() throws(Declined) {
        let start = index
        var plain = true
        while index < input.count {
            let current = input[index]
            if current >= UInt8(ascii: "0") && current <= UInt8(ascii: "9") {
            } else if current == UInt8(ascii: "-") && index == start {
            } else if current == UInt8(ascii: ".") || current == UInt8(ascii: "e") || current == UInt8(ascii: "E")
                        || current == UInt8(ascii: "+") || current == UInt8(ascii: "-") {
                plain = false
            } else {
                break
            }
            index += 1
        }
        let token = input[start..<index]
        let digits = token.first == UInt8(ascii: "-") ? token.dropFirst() : token
        guard !digits.isEmpty else { throw Declined() }
        if plain {
            guard digits.count <= 18, digits.first != UInt8(ascii: "0") || digits.count == 1,
                  !(token.first == UInt8(ascii: "-") && digits.first == UInt8(ascii: "0")) else { throw Declined() }
        } else {
            let text = String(decoding: token, as: UTF8.self)
            guard let double = Double(text), double.isFinite, Int64(exactly: double) == nil, double.description == text else {
                throw Declined()
            }
        }
        output.append(contentsOf: token)
    }
}
