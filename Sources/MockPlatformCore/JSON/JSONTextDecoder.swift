import Foundation

/// Decodes a `Decodable` straight from JSON text, with no tree in between: an object's members
/// are indexed when its container is opened, and every value is read from the bytes where it
/// stands. A module store restores a large state with it (a million drivers): `JSONDecoder`
/// builds a dictionary for every object it meets and took most of a minute for the same text.
///
/// It reads what the server's own encoding writes and refuses the rest with `Unsupported`
/// (integers written with a fraction or an exponent, `Data`, `URL`, `Decimal`, `Float`, super
/// decoders); its errors name no field. A caller decodes again with `JSONDecoder` after any
/// error, for the value or for the message.
package struct JSONTextDecoder {
    /// The text holds something this decoder does not read, or not as the type asks.
    package struct Unsupported: Error {}

    /// The instant a number stands for (seconds since 1970 in a state document), or an error.
    package var date: (Double) throws -> Date

    package init(date: @escaping (Double) throws -> Date) { self.date = date }

    /// The value of `type` the whole of `data` holds.
    package func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
        try data.withUnsafeBytes { raw in
            let text = JSONBytes(base: raw.bindMemory(to: UInt8.self))
            let start = text.skippingWhitespace(from: 0)
            guard text.skippingWhitespace(from: text.end(ofValueAt: start)) == text.count else { throw Unsupported() }
            return try TextValue(text: text, position: start, date: date).decode(type)
        }
    }
}

/// One value of the text: the decoder and single-value container of a value at `position`.
private struct TextValue: SingleValueDecodingContainer {
    package let text: JSONBytes
    package let position: Int
    package let date: (Double) throws -> Date

    package var codingPath: [any CodingKey] { [] }

    package func at(_ position: Int) -> TextValue { TextValue(text: text, position: position, date: date) }

    package func decodeNil() -> Bool { text[position] == UInt8(ascii: "n") }

    package func decode(_ type: Bool.Type) throws -> Bool {
        switch text[position] {
        case UInt8(ascii: "t"): true
        case UInt8(ascii: "f"): false
        default: throw JSONTextDecoder.Unsupported()
        }
    }

    package func decode(_ type: String.Type) throws -> String {
        guard let string = text.string(at: position) else { throw JSONTextDecoder.Unsupported() }
        return string
    }

    package func decode(_ type: Double.Type) throws -> Double {
        let end = text.end(ofValueAt: position)
        guard position < end, Self.startsNumber(text[position]),
              let number = Double(String(decoding: UnsafeBufferPointer(rebasing: text.base[position..<end]), as: UTF8.self)),
              number.isFinite else { throw JSONTextDecoder.Unsupported() }
        return number
    }

    package func decode(_ type: Float.Type) throws -> Float { throw JSONTextDecoder.Unsupported() }
    package func decode(_ type: Int.Type) throws -> Int { try integer() }
    package func decode(_ type: Int8.Type) throws -> Int8 { try integer() }
    package func decode(_ type: Int16.Type) throws -> Int16 { try integer() }
    package func decode(_ type: Int32.Type) throws -> Int32 { try integer() }
    package func decode(_ type: Int64.Type) throws -> Int64 { try integer() }
    package func decode(_ type: UInt.Type) throws -> UInt { try integer() }
    package func decode(_ type: UInt8.Type) throws -> UInt8 { try integer() }
    package func decode(_ type: UInt16.Type) throws -> UInt16 { try integer() }
    package func decode(_ type: UInt32.Type) throws -> UInt32 { try integer() }
    package func decode(_ type: UInt64.Type) throws -> UInt64 { try integer() }

    package func decode<T: Decodable>(_ type: T.Type) throws -> T {
        if T.self == String.self, let string = try decode(String.self) as? T { return string }
        if T.self == Date.self, let instant = try date(decode(Double.self)) as? T { return instant }
        guard T.self != Data.self, T.self != URL.self, T.self != Decimal.self else { throw JSONTextDecoder.Unsupported() }
        if let dictionary = T.self as? any TextDictionary.Type, let decoded = try dictionary.init(members: self) as? T { return decoded }
        return try T(from: TextDecoder(value: self))
    }

    /// A whole number written as digits (an optional minus, no fraction or exponent) that fits
    /// `T`.
    private func integer<T: FixedWidthInteger>() throws -> T {
        var index = position
        let negative = text[index] == UInt8(ascii: "-")
        if negative { index += 1 }
        var magnitude: UInt64 = 0
        let digitsStart = index
        while case let digit = text[index] &- UInt8(ascii: "0"), digit < 10 {
            let (times10, overflow) = magnitude.multipliedReportingOverflow(by: 10)
            let (sum, carry) = times10.addingReportingOverflow(UInt64(digit))
            guard !overflow, !carry else { throw JSONTextDecoder.Unsupported() }
            magnitude = sum
            index += 1
        }
        guard index > digitsStart, index == text.end(ofValueAt: position) else { throw JSONTextDecoder.Unsupported() }
        guard negative else {
            guard let value = T(exactly: magnitude) else { throw JSONTextDecoder.Unsupported() }
            return value
        }
        guard magnitude <= UInt64(Int64.max) + 1,
              let value = T(exactly: magnitude == UInt64(Int64.max) + 1 ? Int64.min : -Int64(magnitude)) else {
            throw JSONTextDecoder.Unsupported()
        }
        return value
    }

    private static func startsNumber(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "-") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }
}

/// A dictionary keyed by strings, decoded member by member where each value stands, into
/// storage sized for all of them at once (no growing through copies, no list of keys first).
private protocol TextDictionary {
    init(members value: TextValue) throws
}

extension Dictionary: TextDictionary where Key == String, Value: Decodable {
    fileprivate init(members value: TextValue) throws {
        guard let members = value.text.members(ofObjectAt: value.position) else { throw JSONTextDecoder.Unsupported() }
        self.init(minimumCapacity: members.count)
        for member in members {
            guard let key = value.text.string(at: member.key.lowerBound - 1) else { throw JSONTextDecoder.Unsupported() }
            self[key] = try value.at(member.value).decode(Value.self)
        }
    }
}

/// The `Decoder` a nested `Decodable` value reads itself through.
private final class TextDecoder: Decoder {
    package let value: TextValue

    package init(value: TextValue) { self.value = value }

    package var codingPath: [any CodingKey] { [] }
    package var userInfo: [CodingUserInfoKey: Any] { [:] }

    package func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        KeyedDecodingContainer(TextObject<Key>(members: try TextMembers(of: value), value: value))
    }

    package func unkeyedContainer() throws -> any UnkeyedDecodingContainer { try TextArray(of: value) }

    package func singleValueContainer() throws -> any SingleValueDecodingContainer { value }
}

/// An object's members, indexed once: where each key's text and each value stand. Lookups
/// start after the member found last, so reading the members in the order the text holds them
/// (a dictionary's) costs one comparison each.
private final class TextMembers {
    private let text: JSONBytes
    private let members: [JSONBytes.Member]
    @exclusivity(unchecked) private var next = 0

    package init(of value: TextValue) throws {
        text = value.text
        guard let members = text.members(ofObjectAt: value.position) else { throw JSONTextDecoder.Unsupported() }
        self.members = members
    }

    /// Every key, in the order the text holds them.
    package var keys: [String] { members.indices.compactMap(key(at:)) }

    /// Where the value of `key` starts; nil when the object has no such key.
    package func position(of key: String) -> Int? {
        var key = key
        return key.withUTF8 { name in
            for probe in 0..<members.count {
                let index = (next + probe) % members.count
                if matches(index, name) {
                    next = index + 1
                    return members[index].value
                }
            }
            return nil
        }
    }

    private func matches(_ index: Int, _ name: UnsafeBufferPointer<UInt8>) -> Bool {
        let member = members[index]
        guard !member.escaped else { return key(at: index).map { Array($0.utf8).elementsEqual(name) } ?? false }
        guard member.key.count == name.count else { return false }
        guard let stored = text.base.baseAddress, let wanted = name.baseAddress else { return name.isEmpty }
        return memcmp(stored + member.key.lowerBound, wanted, name.count) == 0
    }

    private func key(at index: Int) -> String? { text.string(at: members[index].key.lowerBound - 1) }
}

/// A keyed container over an object's members.
private struct TextObject<Key: CodingKey>: KeyedDecodingContainerProtocol {
    package let members: TextMembers
    package let value: TextValue

    package var codingPath: [any CodingKey] { [] }
    package var allKeys: [Key] { members.keys.compactMap(Key.init(stringValue:)) }

    package func contains(_ key: Key) -> Bool { members.position(of: key.stringValue) != nil }

    private func at(_ key: Key) throws -> TextValue {
        guard let position = members.position(of: key.stringValue) else { throw JSONTextDecoder.Unsupported() }
        return value.at(position)
    }

    package func decodeNil(forKey key: Key) throws -> Bool { try at(key).decodeNil() }
    package func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try at(key).decode(type) }
    package func decode(_ type: String.Type, forKey key: Key) throws -> String { try at(key).decode(type) }
    package func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try at(key).decode(type) }
    package func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try at(key).decode(type) }
    package func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try at(key).decode(type) }
    package func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try at(key).decode(type) }
    package func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try at(key).decode(type) }
    package func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try at(key).decode(type) }
    package func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try at(key).decode(type) }
    package func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try at(key).decode(type) }
    package func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try at(key).decode(type) }
    package func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try at(key).decode(type) }
    package func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try at(key).decode(type) }
    package func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try at(key).decode(type) }
    package func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { try at(key).decode(type) }

    package func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        try TextDecoder(value: at(key)).container(keyedBy: type)
    }

    package func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer { try TextArray(of: at(key)) }
    package func superDecoder() throws -> any Decoder { throw JSONTextDecoder.Unsupported() }
    package func superDecoder(forKey key: Key) throws -> any Decoder { throw JSONTextDecoder.Unsupported() }
}

/// An unkeyed container over an array's elements, read in order.
private struct TextArray: UnkeyedDecodingContainer {
    private let value: TextValue
    /// Where the next element starts (or the closing bracket).
    private var position: Int
    private(set) var currentIndex = 0

    package init(of value: TextValue) throws {
        guard value.text[value.position] == UInt8(ascii: "[") else { throw JSONTextDecoder.Unsupported() }
        self.value = value
        position = value.text.skippingWhitespace(from: value.position + 1)
    }

    package var codingPath: [any CodingKey] { [] }
    package var count: Int? { nil }
    package var isAtEnd: Bool { position >= value.text.count || value.text[position] == UInt8(ascii: "]") }

    /// The next element, moving past it.
    private mutating func next() throws -> TextValue {
        guard !isAtEnd else { throw JSONTextDecoder.Unsupported() }
        let element = value.at(position)
        let end = value.text.skippingWhitespace(from: value.text.end(ofValueAt: position))
        position = value.text[end] == UInt8(ascii: ",") ? value.text.skippingWhitespace(from: end + 1) : end
        currentIndex += 1
        return element
    }

    package mutating func decodeNil() throws -> Bool {
        guard !isAtEnd, value.text[position] == UInt8(ascii: "n") else { return false }
        _ = try next()
        return true
    }

    package mutating func decode(_ type: Bool.Type) throws -> Bool { try next().decode(type) }
    package mutating func decode(_ type: String.Type) throws -> String { try next().decode(type) }
    package mutating func decode(_ type: Double.Type) throws -> Double { try next().decode(type) }
    package mutating func decode(_ type: Float.Type) throws -> Float { try next().decode(type) }
    package mutating func decode(_ type: Int.Type) throws -> Int { try next().decode(type) }
    package mutating func decode(_ type: Int8.Type) throws -> Int8 { try next().decode(type) }
    package mutating func decode(_ type: Int16.Type) throws -> Int16 { try next().decode(type) }
    package mutating func decode(_ type: Int32.Type) throws -> Int32 { try next().decode(type) }
    package mutating func decode(_ type: Int64.Type) throws -> Int64 { try next().decode(type) }
    package mutating func decode(_ type: UInt.Type) throws -> UInt { try next().decode(type) }
    package mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try next().decode(type) }
    package mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try next().decode(type) }
    package mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try next().decode(type) }
    package mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try next().decode(type) }
    package mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { try next().decode(type) }

    package mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        try TextDecoder(value: next()).container(keyedBy: type)
    }

    package mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer { try TextArray(of: next()) }
    package mutating func superDecoder() throws -> any Decoder { throw JSONTextDecoder.Unsupported() }
}
