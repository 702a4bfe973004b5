import Foundation

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
    package var headers: [String: String]
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

    init(
        id: String, at: Date, method: String, path: String, query: String?, status: Int, latencyMilliseconds: Double,
        headers: [(name: String, value: String)], body: some Collection<UInt8>, hint: String? = nil
    ) {
        self.hint = hint.map { String($0.prefix(Self.maxHeaderValue)) }
        self.id = id
        self.at = at
        self.method = method
        self.path = String(path.prefix(Self.maxTarget))
        self.query = query.map { String($0.prefix(Self.maxTarget)) }
        self.status = status
        self.latencyMilliseconds = latencyMilliseconds
        var kept: [String: String] = [:]
        for (name, value) in headers {
            let name = name.lowercased()
            if let existing = kept[name] {
                kept[name] = String((existing + ", " + value).prefix(Self.maxHeaderValue))
            } else if kept.count < Self.maxHeaders {
                kept[name] = String(value.prefix(Self.maxHeaderValue))
            }
        }
        self.headers = kept
        bodyExcerpt = body.isEmpty ? nil : String(decoding: body.prefix(Self.maxBodyExcerpt), as: UTF8.self)
    }
}
