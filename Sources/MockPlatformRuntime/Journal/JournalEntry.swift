import Foundation
import HTTPTypes
import NIOCore

/// One request as the journal keeps it (`openapi/control.yaml` JournalEntry): bounded in size
/// whatever the request was, so that a full journal holds a fixed amount of memory.
package struct JournalEntry: Sendable {
    /// The entry's number in its tenant's journal (`RequestJournal.nextSerial()`): its `id` is
    /// written from it only when the entry is listed, not for every request.
    package let serial: UInt64
    /// `req_<serial in hex>`.
    package var id: String { "req_" + String(serial, radix: 16) }
    /// The tenant clock's now when the request arrived.
    package var at: Date
    /// The wall clock's now when the request arrived: the tenant clock can be moved, a client's
    /// own pace cannot.
    package var receivedAt: Date
    /// The served operation the request matched; nil when no route matched it.
    package var operation: Operation?
    /// The first `maxAnswer` bytes of the 2xx answer of an operation whose module journals its
    /// answers (`PlatformModule.journalledAnswers`), and of every 4xx answer (the error the
    /// client was given); nil for any other request.
    package var answer: ByteBuffer?
    /// The answer as UTF-8 text (invalid bytes replaced).
    package var answerExcerpt: String? { answer.map { String(decoding: $0.readableBytesView, as: UTF8.self) } }
    package var method: String
    /// Tenant-relative, without the query.
    package var path: String { texts.path }
    /// The raw query string, without `?`; nil when the request had none.
    package var query: String? { texts.query }
    package var status: Int
    package var latencyMilliseconds: Double
    /// Lower-case names; repeated fields joined with `, `.
    package var headers: [String: String] {
        keptHeaders ?? Self.kept(texts.fields.lazy.map { ($0.name, $0.value) }).headers
    }
    /// One header field's value (repeated fields joined with `, `) by name in any case, read
    /// without building `headers`.
    package func header(_ name: String) -> String? {
        let name = name.lowercased()
        if let keptHeaders { return keptHeaders[name] }
        let values = texts.values(named: name)
        return values.isEmpty ? nil : values.joined(separator: ", ")
    }

    /// How many header fields the request had beyond what `headers` keeps (the count or the
    /// byte budget reached).
    package let headersDropped: Int
    /// The header fields cut to the bounds: for a request whose fields were past them, and for
    /// an entry made from name and value pairs. nil for a request whose fields were within them,
    /// which is what a request usually is: then `texts` holds them as received, turned into
    /// `headers` only when listed.
    private let keptHeaders: [String: String]?
    /// The path, the query, the body's first bytes and the fields as received, in one buffer.
    private let texts: JournalEntryTexts
    /// The body's first bytes as text, for requests that have one.
    package var bodyExcerpt: String? { texts.bodyExcerpt }
    /// The `Mock-Hint` of a 404 for an unknown path (`RouteHint`).
    package var hint: String?
    /// About the bytes the entry holds: its texts and header fields, and a fixed share for the
    /// rest (`RequestJournal` keeps them within its byte bound).
    package let size: Int

    /// Longest body excerpt kept, in bytes.
    package static let maxBodyExcerpt = 1_024
    /// The most bytes of an answer an entry keeps (the longest answer a tenant caches).
    package static let maxAnswer = 4_096
    /// Most header fields kept, the longest value kept of each, and the most bytes of names
    /// and values kept in all (docs/operating.md "Sharing one instance": a journal entry keeps ≤ 8 KiB of headers).
    package static let maxHeaders = 64
    package static let maxHeaderValue = 512
    package static let maxHeaderBytes = 8_192
    /// Longest path and query kept.
    package static let maxTarget = 2_048

    /// A served document's operation.
    package struct Operation: Sendable, Equatable {
        /// Its operationId (`getDriverStatus`).
        package var id: String
        /// The document that declares it (`iql`, `publisher`, `control`).
        package var api: String

        package init(id: String, api: String) {
            self.id = id
            self.api = api
        }
    }

    package init(
        serial: UInt64, at: Date, method: String, path: String, query: String?, status: Int, latencyMilliseconds: Double,
        headers: [(name: String, value: String)], body: some Collection<UInt8>, hint: String? = nil,
        operation: Operation? = nil, answer: ByteBuffer? = nil, receivedAt: Date = Date()
    ) {
        self.init(
            serial: serial, at: at, method: method, path: path, query: query, status: status, latencyMilliseconds: latencyMilliseconds,
            kept: Self.kept(headers), received: nil, body: body, hint: hint, operation: operation, answer: answer,
            receivedAt: receivedAt
        )
    }

    /// An entry for a request with these header fields.
    package init(
        serial: UInt64, at: Date, method: String, path: String, query: String?, status: Int, latencyMilliseconds: Double,
        fields: HTTPFields, body: some Collection<UInt8>, hint: String? = nil, operation: Operation? = nil, answer: ByteBuffer? = nil,
        receivedAt: Date = Date()
    ) {
        var bytes = 0
        let withinBounds = fields.count <= Self.maxHeaders
            && fields.allSatisfy { field in
                let name = field.name.canonicalName.utf8.count, value = field.value.utf8.count
                bytes += name + value
                return name <= Self.maxHeaderValue && value <= Self.maxHeaderValue
            }
            && bytes <= Self.maxHeaderBytes
        self.init(
            serial: serial, at: at, method: method, path: path, query: query, status: status, latencyMilliseconds: latencyMilliseconds,
            kept: withinBounds ? nil : Self.kept(fields.lazy.map { ($0.name.canonicalName, $0.value) }),
            received: withinBounds ? fields : nil, body: body, hint: hint, operation: operation, answer: answer, receivedAt: receivedAt
        )
    }

    private init(
        serial: UInt64, at: Date, method: String, path: String, query: String?, status: Int, latencyMilliseconds: Double,
        kept: (headers: [String: String], dropped: Int)?, received: HTTPFields?, body: some Collection<UInt8>, hint: String?,
        operation: Operation?, answer: ByteBuffer?, receivedAt: Date
    ) {
        let hint = hint.map { String($0.prefix(Self.maxHeaderValue)) }
        // A kept answer's buffer is shared, not copied; a longer answer's head is copied, so
        // that the entry does not hold the whole of it.
        let answer = answer.map { $0.readableBytes <= Self.maxAnswer ? $0 : ByteBuffer(bytes: $0.readableBytesView.prefix(Self.maxAnswer)) }
        let path = Self.bounded(path), query = query.map(Self.bounded), excerpt = body.prefix(Self.maxBodyExcerpt)
        let headerBytes = kept?.headers.reduce(0) { $0 + $1.key.utf8.count + $1.value.utf8.count + 16 }
            ?? received?.reduce(0) { $0 + $1.name.canonicalName.utf8.count + $1.value.utf8.count + 16 } ?? 0
        size = Self.fixedSize + headerBytes + path.utf8.count + (query?.utf8.count ?? 0) + excerpt.count
            + (hint?.utf8.count ?? 0) + (operation.map { $0.id.utf8.count + $0.api.utf8.count } ?? 0) + (answer?.readableBytes ?? 0)
        texts = JournalEntryTexts(path: path, query: query, bodyExcerpt: excerpt, fields: received)
        self.hint = hint
        self.serial = serial
        self.at = at
        self.receivedAt = receivedAt
        self.operation = operation
        self.answer = answer
        self.method = method
        self.status = status
        self.latencyMilliseconds = latencyMilliseconds
        keptHeaders = kept?.headers
        headersDropped = kept?.dropped ?? 0
    }

    /// What an entry holds besides its texts: its id, instant, numbers and their boxes.
    private static let fixedSize = 160

    /// At most `maxTarget` characters of a path or query.
    private static func bounded(_ text: String) -> String {
        text.utf8.count <= maxTarget ? text : String(text.prefix(maxTarget))
    }

    /// Header fields by lower-case name, repeated ones joined with `, `: at most `maxHeaders`
    /// names, each value cut to `maxHeaderValue`, `maxHeaderBytes` of names and values in all;
    /// `dropped` counts the fields that did not fit.
    private static func kept(_ headers: some Sequence<(String, String)>) -> (headers: [String: String], dropped: Int) {
        var kept: [String: String] = [:]
        var bytes = 0
        var dropped = 0
        for (name, value) in headers {
            let name = name.lowercased()
            if let existing = kept[name] {
                let joined = String((existing + ", " + value).prefix(Self.maxHeaderValue))
                let added = joined.utf8.count - existing.utf8.count
                if bytes + added <= Self.maxHeaderBytes {
                    kept[name] = joined
                    bytes += added
                } else {
                    dropped += 1
                }
            } else {
                let value = String(value.prefix(Self.maxHeaderValue))
                let size = name.utf8.count + value.utf8.count
                if kept.count < Self.maxHeaders, name.utf8.count <= Self.maxHeaderValue, bytes + size <= Self.maxHeaderBytes {
                    kept[name] = value
                    bytes += size
                } else {
                    dropped += 1
                }
            }
        }
        return (kept, dropped)
    }
}
