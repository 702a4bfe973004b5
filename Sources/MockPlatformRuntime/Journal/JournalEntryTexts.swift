import HTTPTypes

/// What a journal entry keeps of a request's texts — its path, query, body excerpt and, while
/// they are within the entry's bounds, its header fields as received — in one buffer.
///
/// Perf: one allocation, made while the request is still in the cache, and one free when the
/// ring gives the entry up, 10,000 requests later. Separate strings and the request's own header
/// storage cost an allocation each to make and a free each of memory long gone cold: with them,
/// keeping a request cost a kept read a tenth of its throughput.
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
        var index = bodyEnd ?? queryEnd ?? pathEnd
        while index < bytes.count {
            let name = next(at: &index)
            fields.append((name, next(at: &index)))
        }
        return fields
    }

    private func text(_ range: Range<Int>) -> String { String(decoding: bytes[range], as: UTF8.self) }

    private func next(at index: inout Int) -> String {
        let length = Int(bytes[index]) | Int(bytes[index + 1]) << 8
        defer { index += 2 + length }
        return text(index + 2..<index + 2 + length)
    }

    private static func append(_ text: String, to bytes: inout [UInt8]) {
        let count = text.utf8.count
        bytes.append(UInt8(truncatingIfNeeded: count))
        bytes.append(UInt8(truncatingIfNeeded: count >> 8))
        bytes.append(contentsOf: text.utf8)
    }
}
