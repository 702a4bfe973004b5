import Foundation

/// A JSON document as parsed, before any schema is applied.
///
/// Request bodies are read into this first so that every contract rule (null versus absent,
/// "must be a string", check order) can be answered with the API's own message before the
/// generated, strictly typed decoder sees the body.
package enum JSONValue: Sendable, Hashable {
    case null
    case bool(Bool)
    case integer(Int64)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])
}

extension JSONValue: Codable {
    package init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Int64.self) {
            self = .integer(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([JSONValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .integer(let value): try container.encode(value)
        case .number(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        }
    }
}

extension JSONValue {
    /// Parses a request body; an empty body reads as `{}`.
    ///
    /// - Throws: `JSONBodyError` when the bytes are not JSON or not a JSON object.
    package static func parseObject(_ bytes: some Collection<UInt8>) throws(JSONBodyError) -> [String: JSONValue] {
        if bytes.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) { return [:] }
        let value: JSONValue
        do {
            value = try JSONParser.parse(bytes)
        } catch {
            switch error {
            case .tooDeep: throw .tooDeep
            case .malformed(let offset):
                var (line, column) = (1, 1)
                for byte in bytes.prefix(offset) {
                    if byte == 0x0A { (line, column) = (line + 1, 1) } else { column += 1 }
                }
                throw .malformed(line: line, column: column)
            }
        }
        guard case .object(let object) = value else { throw .notAnObject }
        return object
    }

    /// Compact JSON with sorted keys and unescaped slashes, the encoding every response uses.
    package func encoded() -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Encoding a JSONValue cannot fail: it holds only JSON-representable values.
        return (try? encoder.encode(self)) ?? Data("null".utf8)
    }
}
