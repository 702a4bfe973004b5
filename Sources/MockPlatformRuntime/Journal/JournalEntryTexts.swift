import HTTPTypes

/// What a journal entry keeps of a request's texts — its path, query, body excerpt and, while
/// they are within the entry's bounds, its header fields as received — in one buffer.
///
/// Perf: one allocation, made while the request is still in the cache, and one free when the
/// ring gives the entry up, 10,000 requests later. The request's own header storage and a
/// string each for the longer texts cost a free each of memory long gone cold: a third of the
/// journal's 7.7 % of a kept read's samples; packed, a kept read took 2–5 % less CPU.
struct JournalEntryTexts: Sendable {
    /// Path, query, body excerpt, then each field as its name's length (two bytes, little
    /// endian), its lower-case name, its value's length and its value.
    private let bytes: [UInt8]
    private let pathEnd: Int
    /// nil when the request had no query.
    private let queryEnd: Int?
    /// nil when the request had no body.
    private let bodyEnd: Int?

    /// `fields`, when given, each have a name and a value of less than 64 KiB (the caller
    /// keeps them only within the journal's far smaller bounds).
    init(path: String, query: String?, bodyExcerpt: some Collection<UInt8>, fields: HTTPFields?) {
        var bytes: [UInt8] = []
        var capacity = path.utf8.count + (query?.utf8.count ?? 0) + bodyExcerpt.count
        for field in fields ?? [:] { capacity += 4 + field.name.canonicalName.utf8.count + field.value.utf8.count }
        bytes.reserveCapacity(capacity)
        bytes.append(contentsOf: path.utf8)
        pathEnd = bytes.count
        if let query { bytes.append(contentsOf: query.utf8) }
        queryEnd = query == nil ? nil : bytes.count
        // From contiguous storage when the body has it, not a byte at a time through the
        // generic collection.
        if bodyExcerpt.withContiguousStorageIfAvailable({ bytes.append(contentsOf: $0) }) == nil {
            bytes.append(contentsOf: bodyExcerpt)
        }
        bodyEnd = bodyExcerpt.isEmpty ? nil : bytes.count
        for field in fields ?? [:] {
            Self.append(field.name.canonicalName, to: &bytes)
            Self.append(field.value, to: &bytes)
        }
        self.bytes = bytes
    }

    var path: String { text(0..<pathEnd) }
    var query: String? { queryEnd.map { text(pathEnd..<$0) } }
    /// The body's first bytes as text (invalid UTF-8 replaced).
    var bodyExcerpt: String? { bodyEnd.map { text((queryEnd ?? pathEnd)..<$0) } }

    /// The header fields kept, in the order received: names lower-case.
    var fields: [(name: String, value: String)] {
        var fields: [(name: String, value: String)] = []
        forEachField { name, value in fields.append((text(name), text(value))) }
        return fields
    }

    /// The values of the fields named `name` (lower-case), in the order received: names are
    /// compared in place, only the values found are decoded.
    func values(named name: String) -> [String] {
        var values: [String] = []
        let wanted = name.utf8
        forEachField { field, value in
            if bytes[field].elementsEqual(wanted) { values.append(text(value)) }
        }
        return values
    }

    /// Calls `body` with the ranges of each field's name and value in `bytes`.
    private func forEachField(_ body: (_ name: Range<Int>, _ value: Range<Int>) -> Void) {
        var index = bodyEnd ?? queryEnd ?? pathEnd
        func next() -> Range<Int> {
            let start = index + 2
            index = start + (Int(bytes[index]) | Int(bytes[index + 1]) << 8)
            return start..<index
        }
        while index < bytes.count {
            let name = next()
            body(name, next())
        }
    }

    private func text(_ range: Range<Int>) -> String { String(decoding: bytes[range], as: UTF8.self) }

    private static func append(_ text: String, to bytes: inout [UInt8]) {
        let count = text.utf8.count
        bytes.append(UInt8(truncatingIfNeeded: count))
        bytes.append(UInt8(truncatingIfNeeded: count >> 8))
        bytes.append(contentsOf: text.utf8)
    }
}
