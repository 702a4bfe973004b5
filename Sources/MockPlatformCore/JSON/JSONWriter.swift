import Foundation

/// Compact JSON text of a `JSONValue`, written straight into bytes: object keys in the order
/// the objects hold them, or sorted, and whole numbers within ±2^53 written as integers. It is
/// what a `JSONDecoder` reads a tree back from (a store restoring its state from a snapshot's
/// part), several times faster than encoding the tree through `JSONEncoder`; bytes a client
/// sees are `JSONValue.encoded()`.
package enum JSONWriter {
    package static func data(of value: JSONValue, sortingKeys: Bool = false) -> Data {
        var bytes: [UInt8] = []
        write(value, sortingKeys: sortingKeys, into: &bytes)
        return Data(bytes)
    }

    private static func write(_ value: JSONValue, sortingKeys: Bool, into bytes: inout [UInt8]) {
        switch value {
        case .null: bytes.append(contentsOf: "null".utf8)
        case .bool(let flag): bytes.append(contentsOf: (flag ? "true" : "false").utf8)
        case .integer(let integer): bytes.append(contentsOf: String(integer).utf8)
        case .number(let number): write(number, into: &bytes)
        case .string(let text): write(text, into: &bytes)
        case .array(let elements):
            bytes.append(UInt8(ascii: "["))
            for (index, element) in elements.enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                write(element, sortingKeys: sortingKeys, into: &bytes)
            }
            bytes.append(UInt8(ascii: "]"))
        case .object(let members):
            bytes.append(UInt8(ascii: "{"))
            var first = true
            func member(_ key: String, _ value: JSONValue) {
                if !first { bytes.append(UInt8(ascii: ",")) }
                first = false
                write(key, into: &bytes)
                bytes.append(UInt8(ascii: ":"))
                write(value, sortingKeys: sortingKeys, into: &bytes)
            }
            if sortingKeys {
                for key in members.keys.sorted() { member(key, members[key] ?? .null) }
            } else {
                for (key, value) in members { member(key, value) }
            }
            bytes.append(UInt8(ascii: "}"))
        }
    }

    /// A finite number: whole numbers within ±2^53 as integers, the rest as Swift writes them
    /// (the shortest text that reads back as the same number).
    package static func write(_ number: Double, into bytes: inout [UInt8]) {
        if number.rounded() == number, abs(number) < 9_007_199_254_740_992 {
            bytes.append(contentsOf: String(Int64(number)).utf8)
        } else {
            bytes.append(contentsOf: "\(number)".utf8)
        }
    }

    /// A string with `"`, `\` and the control characters escaped; everything else as UTF-8.
    package static func write(_ text: String, into bytes: inout [UInt8]) {
        var text = text
        text.withUTF8 { utf8 in
            bytes.append(UInt8(ascii: "\""))
            if !utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) {
                bytes.append(contentsOf: utf8)
            } else {
                for byte in utf8 {
                    switch byte {
                    case UInt8(ascii: "\""), UInt8(ascii: "\\"):
                        bytes.append(UInt8(ascii: "\\"))
                        bytes.append(byte)
                    case 0x00..<0x20:
                        bytes.append(contentsOf: "\\u00".utf8)
                        bytes.append(hexDigits[Int(byte >> 4)])
                        bytes.append(hexDigits[Int(byte & 0x0F)])
                    default:
                        bytes.append(byte)
                    }
                }
            }
            bytes.append(UInt8(ascii: "\""))
        }
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)
}
