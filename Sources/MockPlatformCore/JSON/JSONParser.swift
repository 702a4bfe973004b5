/// A strict RFC 8259 JSON parser into `JSONValue`.
///
/// Foundation's decoders on Linux accept trailing commas; the contracts answer those bodies with
/// 400 `malformed JSON body`, so request bodies are read by this parser instead. Nesting is
/// limited so that a hostile body cannot exhaust the stack, here or in whatever walks the
/// value later.
package struct JSONParser {
    /// Deepest nesting of arrays and objects accepted in a request body (`openapi/control.yaml`,
    /// "Limits and hostile input").
    package static let maxDepth = 64
    /// Deepest nesting accepted in a state document read from a file or written by the server
    /// itself, which holds request bodies a few levels down (the limit of Foundation's decoder,
    /// which read them before).
    package static let documentDepth = 512

    /// Why the bytes are not accepted: not JSON (noticed at this byte offset), or nested deeper
    /// than `maxDepth`.
    package enum Failure: Error {
        case malformed(at: Int)
        case tooDeep
    }

    private let bytes: [UInt8]
    private let depthLimit: Int
    private var index = 0

    /// Parses one complete JSON text nested at most `maxDepth` levels; throws on anything else.
    package static func parse(_ bytes: some Collection<UInt8>, maxDepth: Int = maxDepth) throws(Failure) -> JSONValue {
        var parser = JSONParser(bytes: Array(bytes), depthLimit: maxDepth)
        parser.skipWhitespace()
        let value = try parser.value(depth: 0)
        parser.skipWhitespace()
        guard parser.index == parser.bytes.count else { throw .malformed(at: parser.index) }
        return value
    }

    private init(bytes: [UInt8], depthLimit: Int) {
        self.bytes = bytes
        self.depthLimit = depthLimit
    }

    private var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    private mutating func skipWhitespace() {
        while let byte = current, byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { index += 1 }
    }

    private mutating func expect(_ literal: StaticString) throws(Failure) {
        let expected = UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount)
        guard index + expected.count <= bytes.count, bytes[index..<index + expected.count].elementsEqual(expected) else {
            throw .malformed(at: index)
        }
        index += expected.count
    }

    private mutating func value(depth: Int) throws(Failure) -> JSONValue {
        guard let byte = current else { throw .malformed(at: index) }
        switch byte {
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            guard depth < depthLimit else { throw .tooDeep }
            return try byte == UInt8(ascii: "{") ? object(depth: depth + 1) : array(depth: depth + 1)
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): try expect("true"); return .bool(true)
        case UInt8(ascii: "f"): try expect("false"); return .bool(false)
        case UInt8(ascii: "n"): try expect("null"); return .null
        default: return try number()
        }
    }

    private mutating func object(depth: Int) throws(Failure) -> JSONValue {
        index += 1
        var members: [String: JSONValue] = [:]
        skipWhitespace()
        if current == UInt8(ascii: "}") { index += 1; return .object(members) }
        while true {
            skipWhitespace()
            guard current == UInt8(ascii: "\"") else { throw .malformed(at: index) }
            let key = try string()
            skipWhitespace()
            guard current == UInt8(ascii: ":") else { throw .malformed(at: index) }
            index += 1
            skipWhitespace()
            members[key] = try value(depth: depth)
            skipWhitespace()
            switch current {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "}"): index += 1; return .object(members)
            default: throw .malformed(at: index)
            }
        }
    }

    private mutating func array(depth: Int) throws(Failure) -> JSONValue {
        index += 1
        var elements: [JSONValue] = []
        skipWhitespace()
        if current == UInt8(ascii: "]") { index += 1; return .array(elements) }
        while true {
            skipWhitespace()
            elements.append(try value(depth: depth))
            skipWhitespace()
            switch current {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "]"): index += 1; return .array(elements)
            default: throw .malformed(at: index)
            }
        }
    }

    /// A string's text: its runs between escapes taken as validated UTF-8 at once, so a string
    /// without escapes is one validation and one copy.
    private mutating func string() throws(Failure) -> String {
        index += 1
        var text = ""
        var run = index
        while let byte = current {
            switch byte {
            case UInt8(ascii: "\""):
                let tail = try Self.text(of: bytes[run..<index])
                index += 1
                if text.isEmpty { return tail }
                text += tail
                return text
            case UInt8(ascii: "\\"):
                text += try Self.text(of: bytes[run..<index])
                index += 1
                text.unicodeScalars.append(try escape())
                run = index
            case 0x00..<0x20:
                throw .malformed(at: index)
            default:
                index += 1
            }
        }
        throw .malformed(at: index)
    }

    private static func text(of run: ArraySlice<UInt8>) throws(Failure) -> String {
        guard let text = String(validating: run, as: UTF8.self) else { throw .malformed(at: run.startIndex) }
        return text
    }

    private mutating func escape() throws(Failure) -> Unicode.Scalar {
        guard let byte = current else { throw .malformed(at: index) }
        index += 1
        switch byte {
        case UInt8(ascii: "\""): return "\""
        case UInt8(ascii: "\\"): return "\\"
        case UInt8(ascii: "/"): return "/"
        case UInt8(ascii: "b"): return "\u{08}"
        case UInt8(ascii: "f"): return "\u{0C}"
        case UInt8(ascii: "n"): return "\n"
        case UInt8(ascii: "r"): return "\r"
        case UInt8(ascii: "t"): return "\t"
        case UInt8(ascii: "u"):
            let high = try hex4()
            guard (0xD800...0xDBFF).contains(high) else {
                guard !(0xDC00...0xDFFF).contains(high), let scalar = Unicode.Scalar(high) else { throw .malformed(at: index) }
                return scalar
            }
            try expect("\\u")
            let low = try hex4()
            guard (0xDC00...0xDFFF).contains(low),
                  let scalar = Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)) else { throw .malformed(at: index) }
            return scalar
        default:
            throw .malformed(at: index)
        }
    }

    private mutating func hex4() throws(Failure) -> UInt32 {
        guard index + 4 <= bytes.count else { throw .malformed(at: index) }
        var value: UInt32 = 0
        for byte in bytes[index..<index + 4] {
            guard let digit = Self.hexValue(byte) else { throw .malformed(at: index) }
            value = value << 4 | digit
        }
        index += 4
        return value
    }

    private static func hexValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }

    /// `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`; integers that fit stay integers.
    private mutating func number() throws(Failure) -> JSONValue {
        let start = index
        if current == UInt8(ascii: "-") { index += 1 }
        guard let first = current, Self.isDigit(first) else { throw .malformed(at: index) }
        index += 1
        if first != UInt8(ascii: "0") { skipDigits() }
        var isInteger = true
        if current == UInt8(ascii: ".") {
            isInteger = false
            index += 1
            guard let digit = current, Self.isDigit(digit) else { throw .malformed(at: index) }
            skipDigits()
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            isInteger = false
            index += 1
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { index += 1 }
            guard let digit = current, Self.isDigit(digit) else { throw .malformed(at: index) }
            skipDigits()
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        if isInteger, let integer = Int64(text) { return .integer(integer) }
        guard let number = Double(text), number.isFinite else { throw .malformed(at: index) }
        return .number(number)
    }

    private mutating func skipDigits() {
        while let byte = current, Self.isDigit(byte) { index += 1 }
    }

    private static func isDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }
}
