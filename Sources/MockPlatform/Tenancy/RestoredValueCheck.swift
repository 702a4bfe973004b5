import Foundation

/// The checks every value of a state document passes before anything is restored from it
/// (`PUT /_mock/state`, `--state-file`; `openapi/control.yaml` importState), so that no
/// restored value can make later arithmetic trap or an instant unprintable: each failure is a
/// 400 naming the field, counted as the `state_document` limit.
///
/// - every number within −2^53…2^53, and counters, balances and update tags (the modules'
///   `StateFields.counters`) within 0…2^53;
/// - instants within years 1–9999 (`instant(from:)`, the date decoding of every restore);
/// - ids (`id` and `…ID` fields, the keys of objects keyed by id) 1–256 characters, no `/`, no
///   control characters;
/// - the event log: `nextSequence` ≥ 1, each event's sequence between 1 and `nextSequence` − 1.
///
/// Payloads (`payload`) are copied bodies of other APIs and keep whatever numbers they hold;
/// so do the values a module keeps verbatim (`StateFields.verbatim`); id generator states
/// (`ids`) are any 64-bit value.
enum RestoredValueCheck {
    /// 2^53: the largest counter a document may hold — arithmetic on it cannot overflow, and it
    /// survives a trip through a JSON number.
    static let maxCounter: Int64 = 1 << 53
    /// Longest id.
    static let maxIDLength = 256

    /// An instant outside years 1–9999, where the decoder met it.
    struct InstantOutOfRange: Error {
        let field: String
    }

    /// An event or push kind no module of this server declares, where the document holds it.
    struct UnknownKind: Error {
        let field: String
        /// The declared kinds' names, comma separated.
        let names: String
    }

    /// The date decoding of a restore: seconds since 1970, within years 1–9999.
    static func instant(from decoder: any Decoder) throws -> Date {
        let seconds = try decoder.singleValueContainer().decode(Double.self)
        guard TenantClock.range.contains(Date(timeIntervalSince1970: seconds)) else {
            throw InstantOutOfRange(field: decoder.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: "."))
        }
        return Date(timeIntervalSince1970: seconds)
    }

    /// The 400 for a document whose decoding failed with `error`, naming the field (under
    /// `prefix`, for a part decoded on its own).
    static func refusal(_ error: any Error, under prefix: String = "") -> APIError {
        switch error {
        case let error as APIError: error
        case let error as InstantOutOfRange: refused(prefix + error.field, "must be an instant within years 1 to 9999")
        case let error as UnknownKind: refused(prefix + error.field, "must be one of \(error.names)")
        default: .badRequest("state is not valid: \(prefix)\(DecodingFailure.describe(error))")
        }
    }

    /// Every number and id of a whole document, read with the field names the modules declare;
    /// the first failure as a 400 naming its field. A document that passes is walked once in
    /// whatever order its objects hold their keys; one that fails is walked again in key order,
    /// so that the failure named is always the first by key.
    static func check(_ document: JSONValue, fields: StateFields) throws(APIError) {
        var path: [String] = []
        do {
            try check(document, path: &path, fields: fields, inKeyOrder: false)
        } catch {
            path = []
            try check(document, path: &path, fields: fields, inKeyOrder: true)
            throw error
        }
    }

    /// The event log's numbering.
    static func check(_ events: EventLog.Snapshot) throws(APIError) {
        guard (1...UInt64(maxCounter)).contains(events.nextSequence) else {
            throw refused("events.nextSequence", "must be between 1 and 2^53")
        }
        for (index, event) in events.events.enumerated() where !(1..<events.nextSequence).contains(event.sequence) {
            throw refused("events.events.\(index).sequence", "must be at least 1 and less than events.nextSequence")
        }
    }

    /// Checks `value` at `path` (the keys down to it, restored as they were on return).
    private static func check(_ value: JSONValue, path: inout [String], fields: StateFields, inKeyOrder: Bool) throws(APIError) {
        switch value {
        case .integer(let integer) where isCounter(path, fields):
            guard (0...maxCounter).contains(integer) else { throw refused(path, "must be between 0 and 2^53") }
        case .integer(let integer):
            guard (-maxCounter...maxCounter).contains(integer) else { throw refused(path, "must be between -2^53 and 2^53") }
        case .number(let number):
            let isCounter = isCounter(path, fields)
            guard abs(number) <= Double(maxCounter), !isCounter || number >= 0 else {
                throw refused(path, isCounter ? "must be between 0 and 2^53" : "must be between -2^53 and 2^53")
            }
        case .string(let string):
            if let key = path.last, isID(key) { try checkID(string, path) }
        case .array(let elements):
            for (index, element) in elements.enumerated() {
                path.append(String(index))
                try check(element, path: &path, fields: fields, inKeyOrder: inKeyOrder)
                path.removeLast()
            }
        case .object(let members):
            let keyedByID = path.last.map(fields.keyedByID.contains) ?? false
            func member(_ key: String, _ value: JSONValue) throws(APIError) {
                guard !fields.verbatim.contains(key) else { return }
                path.append(key)
                if keyedByID { try checkID(key, path) }
                try check(value, path: &path, fields: fields, inKeyOrder: inKeyOrder)
                path.removeLast()
            }
            if inKeyOrder {
                for key in members.keys.sorted() { try member(key, members[key] ?? .null) }
            } else {
                for (key, value) in members { try member(key, value) }
            }
        case .null, .bool:
            break
        }
    }

    /// Whether the number at `path` is a counter: its key or its parent's is one the modules
    /// declare.
    private static func isCounter(_ path: [String], _ fields: StateFields) -> Bool {
        path.suffix(2).contains { fields.counters.contains($0) }
    }

    private static func isID(_ key: String) -> Bool { key == "id" || key.hasSuffix("ID") }

    private static func checkID(_ id: String, _ path: [String]) throws(APIError) {
        guard (1...maxIDLength).contains(id.count), !id.contains("/"),
              !id.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            throw refused(path, "must be an id of 1 to \(maxIDLength) characters without / or control characters")
        }
    }

    private static func refused(_ path: [String], _ rule: String) -> APIError {
        refused(path.joined(separator: "."), rule)
    }

    private static func refused(_ field: String, _ rule: String) -> APIError {
        .badRequest("state is not valid: \(field) \(rule)", limit: .stateDocument)
    }
}
