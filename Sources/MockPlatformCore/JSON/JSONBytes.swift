/// JSON text in memory, read byte by byte: where whitespace ends, where a string or any value
/// ends. It trusts the text to be well formed (checked before, or written by the server) and
/// never reads outside it: past the end, every byte reads as 0, and an index it returns is at
/// most the text's end, and after the one it started from unless that was the end already, so
/// a walk over broken text ends without a trap.
package struct JSONBytes {
    package let base: UnsafeBufferPointer<UInt8>

    package init(base: UnsafeBufferPointer<UInt8>) { self.base = base }

    package var count: Int { base.count }

    package subscript(index: Int) -> UInt8 { index < base.count ? base[index] : 0 }

    /// The first index at or after `index` that is not JSON whitespace.
    package func skippingWhitespace(from index: Int) -> Int {
        var index = index
        while index < base.count, Self.isWhitespace(base[index]) { index += 1 }
        return index
    }

    /// The index of the closing quote of the string whose opening quote is at `index`, and
    /// whether the string holds an escape.
    package func endOfString(at index: Int) -> (end: Int, escaped: Bool) {
        var index = index + 1
        var escaped = false
        while index < base.count {
            switch base[index] {
            case UInt8(ascii: "\""): return (index, escaped)
            case UInt8(ascii: "\\"): escaped = true; index += 2
            default: index += 1
            }
        }
        return (base.count, escaped)
    }

    /// The string whose opening quote is at `index`; nil when none starts there.
    package func string(at index: Int) -> String? {
        guard self[index] == UInt8(ascii: "\"") else { return nil }
        let (end, escaped) = endOfString(at: index)
        guard end < base.count else { return nil }
        guard escaped else { return String(decoding: UnsafeBufferPointer(rebasing: base[index + 1..<end]), as: UTF8.self) }
        guard case .string(let string)? = try? JSONParser.parse(UnsafeBufferPointer(rebasing: base[index...end])) else { return nil }
        return string
    }

    /// One member of an object: its key's text (between the quotes) and where its value starts.
    package struct Member {
        package var key: Range<Int>
        /// Whether the key's text holds an escape (read it with `string(at:)`).
        package var escaped: Bool
        package var value: Int
    }

    /// The members of the object that starts at `index`, in the order the text holds them; nil
    /// when no object starts there.
    package func members(ofObjectAt index: Int) -> [Member]? {
        guard self[index] == UInt8(ascii: "{") else { return nil }
        var members: [Member] = []
        var index = skippingWhitespace(from: index + 1)
        if self[index] == UInt8(ascii: "}") { return members }
        while true {
            guard self[index] == UInt8(ascii: "\"") else { return nil }
            let (close, escaped) = endOfString(at: index)
            let colon = skippingWhitespace(from: close + 1)
            guard self[colon] == UInt8(ascii: ":") else { return nil }
            let start = skippingWhitespace(from: colon + 1)
            members.append(Member(key: index + 1..<close, escaped: escaped, value: start))
            index = skippingWhitespace(from: end(ofValueAt: start))
            switch self[index] {
            case UInt8(ascii: ","): index = skippingWhitespace(from: index + 1)
            case UInt8(ascii: "}"): return members
            default: return nil
            }
        }
    }

    /// The index just past the value that starts at `index` (at most the end of the text).
    package func end(ofValueAt index: Int) -> Int {
        guard index < base.count else { return index }
        switch base[index] {
        case UInt8(ascii: "\""):
            return min(endOfString(at: index).end + 1, base.count)
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            var depth = 0
            var index = index
            while index < base.count {
                let byte = base[index]
                if byte == UInt8(ascii: "\"") {
                    // The string's bytes, skipped here rather than through `endOfString`: most
                    // of a large state's bytes are strings inside the containers skipped.
                    index += 1
                    while index < base.count, base[index] != UInt8(ascii: "\"") {
                        index += base[index] == UInt8(ascii: "\\") ? 2 : 1
                    }
                } else if byte == UInt8(ascii: "{") || byte == UInt8(ascii: "[") {
                    depth += 1
                } else if byte == UInt8(ascii: "}") || byte == UInt8(ascii: "]") {
                    depth -= 1
                    if depth == 0 { return index + 1 }
                }
                index += 1
            }
            return base.count
        default:
            var index = index + 1
            while index < base.count, !Self.endsScalar(base[index]) { index += 1 }
            return index
        }
    }

    package static func isWhitespace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 }

    private static func endsScalar(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: ",") || byte == UInt8(ascii: "}") || byte == UInt8(ascii: "]") || isWhitespace(byte)
    }
}
