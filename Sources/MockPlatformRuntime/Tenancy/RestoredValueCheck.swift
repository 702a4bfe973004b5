import Foundation

/// The checks every value of a state document passes before anything is restored from it
/// (`PUT /_mock/state`, `--state-file`; `openapi/control.yaml` importState), so that no
/// restored value can make later arithmetic trap or an instant unprintable: each failure is a
/// 400 naming the field, counted as the `state_document` limit.
///
/// - every number within −2^53…2^53, and counters, balances and update tags (the modules'
///   `StateFields.counters`) within 0…2^53;
/// - instants within years 1–9999 (`instant(from:)`, the date decoding of every restore);
/// - ids (`id` and `…ID` fields, the keys of objects keyed by id) well formed (`WellFormedID`:
///   the rule requests follow too);
/// - the event log: `nextSequence` ≥ 1, each event's sequence between 1 and `nextSequence` − 1.
///
/// Payloads (`payload`) are copied bodies of other APIs and keep whatever numbers they hold;
/// so do the values a module keeps verbatim (`StateFields.verbatim`); id generator states
/// (`ids`) are any 64-bit value.
package enum RestoredValueCheck {
    /// 2^53: the largest counter a document may hold — arithmetic on it cannot overflow, and it
    /// survives a trip through a JSON number.
    package static let maxCounter: Int64 = 1 << 53

    /// An instant outside years 1–9999, where the decoder met it.
    package struct InstantOutOfRange: Error {
        package let field: String
    }

    /// An event or push kind no module of this server declares, where the document holds it.
    package struct UnknownKind: Error {
        package let field: String
        /// The declared kinds' names, comma separated.
        package let names: String
    }

    /// The date decoding of a restore: seconds since 1970, within years 1–9999.
    package static func instant(from decoder: any Decoder) throws -> Date {
        do {
            return try instant(seconds: decoder.singleValueContainer().decode(Double.self))
        } catch is InstantOutOfRange {
            throw InstantOutOfRange(field: decoder.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: "."))
        }
    }

    /// The instant `seconds` after 1970, when within years 1–9999.
    package static func instant(seconds: Double) throws -> Date {
        let instant = Date(timeIntervalSince1970: seconds)
        guard TenantClock.range.contains(instant) else { throw InstantOutOfRange(field: "") }
        return instant
    }

    /// The 400 for a document whose decoding failed with `error`, naming the field (under
    /// `prefix`, for a part decoded on its own).
    package static func refusal(_ error: any Error, under prefix: String = "") -> APIError {
        switch error {
        case let error as APIError: error
        case let error as InstantOutOfRange: refused(prefix + error.field, "must be an instant within years 1 to 9999")
        case let error as UnknownKind: refused(prefix + error.field, "must be one of \(error.names)")
        default: .badRequest("state is not valid: \(prefix)\(DecodingFailure.describe(error))")
        }
    }

    /// Where a checked document's top-level members and its stores' states stand in its bytes
    /// (indices of the `Data` checked).
    package struct Parts {
        /// Nil when the document is not an object.
        package var members: [String: Range<Int>]?
        /// Nil when `stores` is not an object.
        package var stores: [String: Range<Int>]?
    }

    /// Every number and id of a whole document's text, read with the field names the modules
    /// declare, in one pass over the bytes; the first failure as a 400 naming its field (the
    /// first in the order the text holds the keys: a caller that must name the first by key
    /// passes text with sorted keys). Text that is not JSON, or nests deeper than
    /// `JSONParser.documentDepth`, fails with a 400 too (the caller words that one). On the way
    /// it notes where the document's parts stand.
    package static func check(_ text: Data, fields: StateFields) throws(APIError) -> Parts {
        let result: Result<Parts, APIError> = text.withUnsafeBytes { raw in
            var walk = Walk(text: JSONBytes(base: raw.bindMemory(to: UInt8.self)), fields: fields, offset: text.startIndex)
            return Result { () throws(APIError) in
                try walk.document()
                return walk.parts
            }
        }
        return try result.get()
    }

    /// The event log's numbering.
    package static func check(_ events: EventLog.Snapshot) throws(APIError) {
        guard (1...UInt64(maxCounter)).contains(events.nextSequence) else {
            throw refused("events.nextSequence", "must be between 1 and 2^53")
        }
        for (index, event) in events.events.enumerated() where !(1..<events.nextSequence).contains(event.sequence) {
            throw refused("events.events.\(index).sequence", "must be at least 1 and less than events.nextSequence")
        }
    }

    /// Whether the number at `path` is a counter: its key or its parent's is one the modules
    /// declare.
    private static func isCounter(_ path: [String], _ fields: StateFields) -> Bool {
        path.suffix(2).contains { fields.counters.contains($0) }
    }

    private static func isID(_ key: String) -> Bool { key == "id" || key.utf8.reversed().starts(with: "DI".utf8) }

    /// An id (`WellFormedID`, the rule requests follow too).
    private static func checkID(_ id: String, _ path: [String]) throws(APIError) {
        guard WellFormedID.isWellFormed(id) else { throw refused(path, WellFormedID.rule) }
    }

    private static func refused(_ path: [String], _ rule: String) -> APIError {
        refused(path.joined(separator: "."), rule)
    }

    private static func refused(_ field: String, _ rule: String) -> APIError {
        .badRequest("state is not valid: \(field) \(rule)", limit: .stateDocument)
    }

    /// The walk over a document's bytes: each value checked against the rules above as its
    /// text is read, with the keys down to it in `path`.
    private struct Walk {
        let text: JSONBytes
        let fields: StateFields
        /// The index in the checked `Data` of the text's first byte.
        let offset: Int
        var index = 0
        var path: [String] = []
        var parts = Parts()

        /// Where the text is not JSON.
        static let malformed = APIError.badRequest("state is not valid JSON")

        mutating func document() throws(APIError) {
            index = text.skippingWhitespace(from: 0)
            try value(depth: 0, checking: true)
            guard text.skippingWhitespace(from: index) == text.count else { throw Self.malformed }
        }

        /// Reads the value at `index` and moves past it; checks it when `checking` (not under a
        /// verbatim key).
        private mutating func value(depth: Int, checking: Bool) throws(APIError) {
            switch text[index] {
            case UInt8(ascii: "{"):
                guard depth < JSONParser.documentDepth else { throw Self.malformed }
                try object(depth: depth + 1, checking: checking)
            case UInt8(ascii: "["):
                guard depth < JSONParser.documentDepth else { throw Self.malformed }
                try array(depth: depth + 1, checking: checking)
            case UInt8(ascii: "\""):
                let string = try string()
                if checking, let key = path.last, isID(key) { try checkID(string, path) }
            default:
                try scalar(checking: checking)
            }
        }

        private mutating func object(depth: Int, checking: Bool) throws(APIError) {
            let keyedByID = checking && (path.last.map(fields.keyedByID.contains) ?? false)
            let isTop = depth == 1, isStores = depth == 2 && path == ["stores"]
            if isTop { parts.members = [:] }
            if isStores { parts.stores = [:] }
            index = text.skippingWhitespace(from: index + 1)
            if text[index] == UInt8(ascii: "}") { index += 1; return }
            while true {
                guard text[index] == UInt8(ascii: "\"") else { throw Self.malformed }
                let key = try string()
                index = text.skippingWhitespace(from: index)
                guard text[index] == UInt8(ascii: ":") else { throw Self.malformed }
                index = text.skippingWhitespace(from: index + 1)
                let checksMember = checking && !fields.verbatim.contains(key)
                path.append(key)
                if keyedByID, checksMember { try checkID(key, path) }
                let start = index
                try value(depth: depth, checking: checksMember)
                if isTop { parts.members?[key] = offset + start..<offset + index }
                if isStores { parts.stores?[key] = offset + start..<offset + index }
                path.removeLast()
                index = text.skippingWhitespace(from: index)
                switch text[index] {
                case UInt8(ascii: ","): index = text.skippingWhitespace(from: index + 1)
                case UInt8(ascii: "}"): index += 1; return
                default: throw Self.malformed
                }
            }
        }

        private mutating func array(depth: Int, checking: Bool) throws(APIError) {
            index = text.skippingWhitespace(from: index + 1)
            if text[index] == UInt8(ascii: "]") { index += 1; return }
            var position = 0
            while true {
                path.append(String(position))
                try value(depth: depth, checking: checking)
                path.removeLast()
                position += 1
                index = text.skippingWhitespace(from: index)
                switch text[index] {
                case UInt8(ascii: ","): index = text.skippingWhitespace(from: index + 1)
                case UInt8(ascii: "]"): index += 1; return
                default: throw Self.malformed
                }
            }
        }

        /// The string at `index`, moving past it. Text that is plain ASCII without escapes is
        /// taken as it is; the rest is read by `JSONParser`, which checks escapes and UTF-8.
        private mutating func string() throws(APIError) -> String {
            let start = index
            var plain = true
            index += 1
            while true {
                guard index < text.count else { throw Self.malformed }
                let byte = text.base[index]
                if byte == UInt8(ascii: "\"") { break }
                if byte == UInt8(ascii: "\\") { plain = false; index += 2; continue }
                guard byte >= 0x20 else { throw Self.malformed }
                if byte >= 0x80 { plain = false }
                index += 1
            }
            index += 1
            let quoted = UnsafeBufferPointer(rebasing: text.base[start..<index])
            if plain { return String(decoding: UnsafeBufferPointer(rebasing: quoted.dropFirst().dropLast()), as: UTF8.self) }
            guard case .string(let string)? = try? JSONParser.parse(quoted) else { throw Self.malformed }
            return string
        }

        /// A literal or a number (read by `JSONParser`), checked as the rules say.
        private mutating func scalar(checking: Bool) throws(APIError) {
            let start = index
            guard start < text.count else { throw Self.malformed }
            index = text.end(ofValueAt: index)
            guard let scalar = try? JSONParser.parse(UnsafeBufferPointer(rebasing: text.base[start..<index])) else { throw Self.malformed }
            guard checking else { return }
            switch scalar {
            case .integer(let integer) where isCounter(path, fields):
                guard (0...maxCounter).contains(integer) else { throw refused(path, "must be between 0 and 2^53") }
            case .integer(let integer):
                guard (-maxCounter...maxCounter).contains(integer) else { throw refused(path, "must be between -2^53 and 2^53") }
            case .number(let number):
                let isCounter = isCounter(path, fields)
                guard abs(number) <= Double(maxCounter), !isCounter || number >= 0 else {
                    throw refused(path, isCounter ? "must be between 0 and 2^53" : "must be between -2^53 and 2^53")
                }
            default:
                break
            }
        }
    }
}
