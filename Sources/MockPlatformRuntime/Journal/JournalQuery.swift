import Foundation

/// Which journal entries a `GET /_mock/requests` or `/count` asks for; every criterion given
/// must hold.
package struct JournalQuery: Sendable {
    /// Upper-case method.
    package var method: String?
    package var path: PathGlob?
    package var status: Int?
    /// Entries at or after this tenant-clock instant.
    package var since: Date?
    /// Entries that matched an operation of this operationId.
    package var operation: String?

    package init(method: String? = nil, path: PathGlob? = nil, status: Int? = nil, since: Date? = nil, operation: String? = nil) {
        self.method = method?.uppercased()
        self.path = path
        self.status = status
        self.since = since
        self.operation = operation
    }

    /// The millisecond an instant shows as (`RFC3339`): `since` compares what the client saw, so
    /// an entry listed at `…00.001Z` matches `since=…00.001Z` whatever its sub-millisecond part.
    private static func millisecond(_ date: Date) -> Double { (date.timeIntervalSince1970 * 1000).rounded() }

    package func matches(_ entry: JournalEntry) -> Bool {
        if let method, entry.method != method { return false }
        if let status, entry.status != status { return false }
        if let operation, entry.operation?.id != operation { return false }
        if let since, Self.millisecond(entry.at) < Self.millisecond(since) { return false }
        if let path, !path.matches(entry.path) { return false }
        return true
    }
}
