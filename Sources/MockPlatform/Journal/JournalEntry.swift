import Foundation
import HTTPTypes

/// One request as the journal keeps it (`openapi/control.yaml` JournalEntry): bounded in size
/// whatever the request was, so that a full journal holds a fixed amount of memory.
package struct JournalEntry: Sendable {
    package var id: String
    /// The tenant clock's now when the request arrived.
    package var at: Date
    package var method: String
    /// Tenant-relative, without the query.
    package var path: String
    /// The raw query string, without `?`; nil when the request had none.
    package var query: String?
    package var status: Int
    package var latencyMilliseconds: Double
    /// Lower-case names; repeated fields joined with `, `.
    package var headers: [String: String] {
        switch fields {
        case .kept(let kept): kept
        case .received(let received): Self.kept(received.lazy.map { ($0.name.canonicalName, $0.value) })
        }
    }
    /// The header fields: as received while within the bounds, which is what a request
    /// usually is (turned into `headers` only when listed); else cut to the bounds at once.
    private var fields: Fields
    /// The body's first bytes as text, for requests that have one.
    package var bodyExcerpt: String?
    /// The `Mock-Hint` of a 404 for an unknown path (`RouteHint`).
    package var hint: String?

    /// Longest body excerpt kept, in bytes.
    package static let maxBodyExcerpt = 1_024
    /// Most header fields kept, and the longest value kept of each.
    package static let maxHeaders = 64
    package static let maxHeaderValue = 512
    /// Longest path and query kept.
    package static let maxTarget = 2_048

    private enum Fields: Sendable {
        case received(HTTPFields)
        case kept([String: String])
    }

    init(
        id: String, at: Date, method: String, path: String, query: String?, status: Int, latencyMilliseconds: Double,
        headers: [(name: String, value: String)], body: some Collection<UInt8>, hint: String? = nil
    ) {
        self.init(
            id: id, at: at, method: method, path: path, query: query, status: status, latencyMilliseconds: latencyMilliseconds,
            fields: .kept(Self.kept(headers)), body: body, hint: hint
        )
    }

    /// An entry for a request with these header fields.
    init(
        id: String, at: Date, method: String, path: String, query: String?, status: Int, latencyMilliseconds: Double,
        fields: HTTPFields, body: some Collection<UInt8>, hint: String? = nil
    ) {
        let withinBounds = fields.count <= Self.maxHeaders
            && fields.allSatisfy { $0.name.canonicalName.utf8.count <= Self.maxHeaderValue && $0.value.utf8.count <= Self.maxHeaderValue }
        self.init(
            id: id, at: at, method: method, path: path, query: query, status: status, latencyMilliseconds: latencyMilliseconds,
            fields: withinBounds ? .received(fields) : .kept(Self.kept(fields.map { ($0.name.canonicalName, $0.value) })),
            body: body, hint: hint
        )
    }

    private init(
        id: String, at: Date, method: String, path: String, query: String?, status: Int, latencyMilliseconds: Double,
        fields: Fields, body: some Collection<UInt8>, hint: String?
    ) {
        self.hint = hint.map { String($0.prefix(Self.maxHeaderValue)) }
        self.id = id
        self.at = at
        self.method = method
        self.path = Self.bounded(path)
        self.query = query.map(Self.bounded)
        self.status = status
        self.latencyMilliseconds = latencyMilliseconds
        self.fields = fields
        bodyExcerpt = body.isEmpty ? nil : String(decoding: body.prefix(Self.maxBodyExcerpt), as: UTF8.self)
    }

    /// At most `maxTarget` characters of a path or query.
    private static func bounded(_ text: String) -> String {
        text.utf8.count <= maxTarget ? text : String(text.prefix(maxTarget))
    }

    /// Header fields by lower-case name, repeated ones joined with `, `: at most `maxHeaders`
    /// names, each value cut to `maxHeaderValue`.
    private static func kept(_ headers: some Sequence<(String, String)>) -> [String: String] {
        var kept: [String: String] = [:]
        for (name, value) in headers {
            let name = name.lowercased()
            if let existing = kept[name] {
                kept[name] = String((existing + ", " + value).prefix(Self.maxHeaderValue))
            } else if kept.count < Self.maxHeaders {
                kept[name] = String(value.prefix(Self.maxHeaderValue))
            }
        }
        return kept
    }
}
