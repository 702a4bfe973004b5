import Foundation

/// Encodes an `Encodable` straight into compact JSON text with sorted keys (as `JSONWriter`
/// sorts them), with no tree in between: each value is written where it goes as it is encoded,
/// and an object whose members came out of key order is put in order once it is complete. A
/// module store writes a large state with it (a million drivers): `JSONEncoder` builds a
/// dictionary for every object and took most of a minute for the same state.
///
/// It writes what the server's states hold and refuses the rest with `Unsupported` (`Data`,
/// `URL`, `Decimal`, `Float`, numbers that are not finite, nested and super encoders); a caller
/// encodes with `JSONEncoder` after any error.
package struct JSONTextEncoder {
    /// The state holds something this encoder does not write.
    package struct Unsupported: Error {}

    /// How an instant is written: as a number (seconds since 1970 in a state document), or as
    /// text (an answer's RFC 3339 instant, as the generated encoder writes it).
    package enum DateForm {
        case number((Date) -> Double)
        case text((Date) -> String)
    }

    package var date: DateForm

    package init(date: @escaping (Date) -> Double) { self.date = .number(date) }

    package init(dateText: @escaping (Date) -> String) { self.date = .text(dateText) }

    package func encode<T: Encodable>(_ value: T) throws -> Data {
        let output = TextOutput(date: date)
        try output.write(value)
        return Data(output.bytes)
    }
}

/// The text being written, shared by every container of one encoding.
private final class TextOutput {
    // Written through one encoder at a time, never concurrently: unchecked, as dynamic
    // exclusivity checks on each write were a tenth of a large state's export.
    @exclusivity(unchecked) package var bytes: [UInt8] = []
    /// Where an object's members are put in order before they are copied back.
    @exclusivity(unchecked) package var scratch: [UInt8] = []
    package let date: JSONTextEncoder.DateForm

    package init(date: JSONTextEncoder.DateForm) { self.date = date }

    package func writeNil() { bytes.append(contentsOf: "null".utf8) }
    package func write(_ flag: Bool) { bytes.append(contentsOf: (flag ? "true" : "false").utf8) }
    package func write(_ text: String) { JSONWriter.write(text, into: &bytes) }
    package func write(integer: some FixedWidthInteger) { bytes.append(contentsOf: String(integer).utf8) }

    package func write(_ number: Double) throws {
        guard number.isFinite else { throw JSONTextEncoder.Unsupported() }
        JSONWriter.write(number, into: &bytes)
    }

    /// Writes any value at the end of the text.
    package func write<T: Encodable>(_ value: T) throws {
        if T.self == String.self, let text = value as? String { return write(text) }
        if T.self == Date.self, let instant = value as? Date {
            switch date {
            case .number(let number): return try write(number(instant))
            case .text(let text): return write(text(instant))
            }
        }
        guard T.self != Data.self, T.self != URL.self, T.self != Decimal.self, T.self != Float.self else { throw JSONTextEncoder.Unsupported() }
        let encoder = TextEncoder(output: self)
        try value.encode(to: encoder)
        try encoder.finish()
    }
}

/// The `Encoder` a value writes itself through, at the end of the text.
private final class TextEncoder: Encoder {
    package enum Shape {
        case none
        case single(written: Bool)
        case object(TextObjectMembers)
        case array(count: Int)
    }

    package let output: TextOutput
    package var shape = Shape.none

    package init(output: TextOutput) { self.output = output }

    package var codingPath: [any CodingKey] { [] }
    package var userInfo: [CodingUserInfoKey: Any] { [:] }

    package func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        switch shape {
        case .object(let members):
            return KeyedEncodingContainer(TextObjectWriter(encoder: self, members: members))
        case .none:
            let members = TextObjectMembers(start: output.bytes.count)
            output.bytes.append(UInt8(ascii: "{"))
            shape = .object(members)
            return KeyedEncodingContainer(TextObjectWriter(encoder: self, members: members))
        default:
            return KeyedEncodingContainer(RefusingWriter<Key>())
        }
    }

    package func unkeyedContainer() -> any UnkeyedEncodingContainer {
        if case .none = shape {
            output.bytes.append(UInt8(ascii: "["))
            shape = .array(count: 0)
        }
        return TextArrayWriter(encoder: self)
    }

    package func singleValueContainer() -> any SingleValueEncodingContainer { TextSingleWriter(encoder: self) }

    /// Before a value of a single-value container: refuses a second one, or one after another
    /// container.
    package func willWriteSingle() throws {
        switch shape {
        case .none: shape = .single(written: true)
        default: throw JSONTextEncoder.Unsupported()
        }
    }

    /// Before an array element: the comma after the one before.
    package func willWriteElement() throws {
        guard case .array(let count) = shape else { throw JSONTextEncoder.Unsupported() }
        if count > 0 { output.bytes.append(UInt8(ascii: ",")) }
        shape = .array(count: count + 1)
    }

    /// Closes what the value opened: an object in key order, an array; a value that wrote
    /// nothing is an empty object.
    package func finish() throws {
        switch shape {
        case .none: output.bytes.append(contentsOf: "{}".utf8)
        case .single: break
        case .array: output.bytes.append(UInt8(ascii: "]"))
        case .object(let members): members.close(&output.bytes, scratch: &output.scratch)
        }
    }
}

/// The members of an object being written: each key and where its `"key":value` text starts
/// and ends.
private final class TextObjectMembers {
    private struct Member {
        package var key: String
        package var start: Int
        package var end = 0
    }

    private let start: Int
    private var members: [Member] = []
    private var inOrder = true

    package init(start: Int) { self.start = start }

    /// Writes the key of the next member (and the comma before it).
    package func begin(_ key: String, _ bytes: inout [UInt8]) {
        if !members.isEmpty {
            members[members.count - 1].end = bytes.count
            bytes.append(UInt8(ascii: ","))
            if inOrder, key <= members[members.count - 1].key { inOrder = false }
        }
        members.append(Member(key: key, start: bytes.count))
        JSONWriter.write(key, into: &bytes)
        bytes.append(UInt8(ascii: ":"))
    }

    /// Puts the members in key order when they came out of it (through `scratch`), and closes
    /// the object.
    package func close(_ bytes: inout [UInt8], scratch: inout [UInt8]) {
        if !inOrder {
            members[members.count - 1].end = bytes.count
            members.sort { $0.key < $1.key }
            scratch.removeAll(keepingCapacity: true)
            for member in members {
                if !scratch.isEmpty { scratch.append(UInt8(ascii: ",")) }
                scratch.append(contentsOf: bytes[member.start..<member.end])
            }
            bytes.removeSubrange(start + 1..<bytes.count)
            bytes.append(contentsOf: scratch)
        }
        bytes.append(UInt8(ascii: "}"))
    }
}

private struct TextObjectWriter<Key: CodingKey>: KeyedEncodingContainerProtocol {
    package let encoder: TextEncoder
    package let members: TextObjectMembers

    package var codingPath: [any CodingKey] { [] }

    private func begin(_ key: Key) -> TextOutput {
        members.begin(key.stringValue, &encoder.output.bytes)
        return encoder.output
    }

    package mutating func encodeNil(forKey key: Key) throws { begin(key).writeNil() }
    package mutating func encode(_ value: Bool, forKey key: Key) throws { begin(key).write(value) }
    package mutating func encode(_ value: String, forKey key: Key) throws { begin(key).write(value) }
    package mutating func encode(_ value: Double, forKey key: Key) throws { try begin(key).write(value) }
    package mutating func encode(_ value: Float, forKey key: Key) throws { throw JSONTextEncoder.Unsupported() }
    package mutating func encode(_ value: Int, forKey key: Key) throws { begin(key).write(integer: value) }
    package mutating func encode(_ value: Int8, forKey key: Key) throws { begin(key).write(integer: value) }
    package mutating func encode(_ value: Int16, forKey key: Key) throws { begin(key).write(integer: value) }
    package mutating func encode(_ value: Int32, forKey key: Key) throws { begin(key).write(integer: value) }
    package mutating func encode(_ value: Int64, forKey key: Key) throws { begin(key).write(integer: value) }
    package mutating func encode(_ value: UInt, forKey key: Key) throws { begin(key).write(integer: value) }
    package mutating func encode(_ value: UInt8, forKey key: Key) throws { begin(key).write(integer: value) }
    package mutating func encode(_ value: UInt16, forKey key: Key) throws { begin(key).write(integer: value) }
    package mutating func encode(_ value: UInt32, forKey key: Key) throws { begin(key).write(integer: value) }
    package mutating func encode(_ value: UInt64, forKey key: Key) throws { begin(key).write(integer: value) }
    package mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws { try begin(key).write(value) }

    package mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        KeyedEncodingContainer(RefusingWriter<NestedKey>())
    }

    package mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer { RefusingWriter<Key>() }
    package mutating func superEncoder() -> any Encoder { RefusingEncoder() }
    package mutating func superEncoder(forKey key: Key) -> any Encoder { RefusingEncoder() }
}

private struct TextArrayWriter: UnkeyedEncodingContainer {
    package let encoder: TextEncoder

    package var codingPath: [any CodingKey] { [] }
    package var count: Int {
        guard case .array(let count) = encoder.shape else { return 0 }
        return count
    }

    private func element() throws -> TextOutput {
        try encoder.willWriteElement()
        return encoder.output
    }

    package mutating func encodeNil() throws { try element().writeNil() }
    package mutating func encode(_ value: Bool) throws { try element().write(value) }
    package mutating func encode(_ value: String) throws { try element().write(value) }
    package mutating func encode(_ value: Double) throws { try element().write(value) }
    package mutating func encode(_ value: Float) throws { throw JSONTextEncoder.Unsupported() }
    package mutating func encode(_ value: Int) throws { try element().write(integer: value) }
    package mutating func encode(_ value: Int8) throws { try element().write(integer: value) }
    package mutating func encode(_ value: Int16) throws { try element().write(integer: value) }
    package mutating func encode(_ value: Int32) throws { try element().write(integer: value) }
    package mutating func encode(_ value: Int64) throws { try element().write(integer: value) }
    package mutating func encode(_ value: UInt) throws { try element().write(integer: value) }
    package mutating func encode(_ value: UInt8) throws { try element().write(integer: value) }
    package mutating func encode(_ value: UInt16) throws { try element().write(integer: value) }
    package mutating func encode(_ value: UInt32) throws { try element().write(integer: value) }
    package mutating func encode(_ value: UInt64) throws { try element().write(integer: value) }
    package mutating func encode<T: Encodable>(_ value: T) throws { try element().write(value) }

    package mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        KeyedEncodingContainer(RefusingWriter<NestedKey>())
    }

    package mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer { RefusingWriter<TextArrayKey>() }
    package mutating func superEncoder() -> any Encoder { RefusingEncoder() }
}

private struct TextSingleWriter: SingleValueEncodingContainer {
    package let encoder: TextEncoder

    package var codingPath: [any CodingKey] { [] }

    private func value() throws -> TextOutput {
        try encoder.willWriteSingle()
        return encoder.output
    }

    package mutating func encodeNil() throws { try value().writeNil() }
    package mutating func encode(_ value: Bool) throws { try self.value().write(value) }
    package mutating func encode(_ value: String) throws { try self.value().write(value) }
    package mutating func encode(_ value: Double) throws { try self.value().write(value) }
    package mutating func encode(_ value: Float) throws { throw JSONTextEncoder.Unsupported() }
    package mutating func encode(_ value: Int) throws { try self.value().write(integer: value) }
    package mutating func encode(_ value: Int8) throws { try self.value().write(integer: value) }
    package mutating func encode(_ value: Int16) throws { try self.value().write(integer: value) }
    package mutating func encode(_ value: Int32) throws { try self.value().write(integer: value) }
    package mutating func encode(_ value: Int64) throws { try self.value().write(integer: value) }
    package mutating func encode(_ value: UInt) throws { try self.value().write(integer: value) }
    package mutating func encode(_ value: UInt8) throws { try self.value().write(integer: value) }
    package mutating func encode(_ value: UInt16) throws { try self.value().write(integer: value) }
    package mutating func encode(_ value: UInt32) throws { try self.value().write(integer: value) }
    package mutating func encode(_ value: UInt64) throws { try self.value().write(integer: value) }
    package mutating func encode<T: Encodable>(_ value: T) throws { try self.value().write(value) }
}

/// The key type of a refused nested container of an array.
private struct TextArrayKey: CodingKey {
    package var stringValue: String { "" }
    package var intValue: Int? { nil }
    package init?(stringValue: String) { nil }
    package init?(intValue: Int) { nil }
}

/// What a nested or super encoder gets: every write refused, so that the caller falls back to
/// `JSONEncoder`.
private struct RefusingWriter<Key: CodingKey>: KeyedEncodingContainerProtocol, UnkeyedEncodingContainer {
    package var codingPath: [any CodingKey] { [] }
    package var count: Int { 0 }

    package mutating func encodeNil(forKey key: Key) throws { throw JSONTextEncoder.Unsupported() }
    package mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws { throw JSONTextEncoder.Unsupported() }
    package mutating func encodeNil() throws { throw JSONTextEncoder.Unsupported() }
    package mutating func encode<T: Encodable>(_ value: T) throws { throw JSONTextEncoder.Unsupported() }

    package mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        KeyedEncodingContainer(RefusingWriter<NestedKey>())
    }

    package mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        KeyedEncodingContainer(RefusingWriter<NestedKey>())
    }

    package mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer { self }
    package mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer { self }
    package mutating func superEncoder() -> any Encoder { RefusingEncoder() }
    package mutating func superEncoder(forKey key: Key) -> any Encoder { RefusingEncoder() }
}

private struct RefusingEncoder: Encoder {
    package var codingPath: [any CodingKey] { [] }
    package var userInfo: [CodingUserInfoKey: Any] { [:] }
    package func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> { KeyedEncodingContainer(RefusingWriter<Key>()) }
    package func unkeyedContainer() -> any UnkeyedEncodingContainer { RefusingWriter<TextArrayKey>() }
    package func singleValueContainer() -> any SingleValueEncodingContainer { RefusingSingle() }
}

private struct RefusingSingle: SingleValueEncodingContainer {
    package var codingPath: [any CodingKey] { [] }
    package mutating func encodeNil() throws { throw JSONTextEncoder.Unsupported() }
    package mutating func encode<T: Encodable>(_ value: T) throws { throw JSONTextEncoder.Unsupported() }
}
