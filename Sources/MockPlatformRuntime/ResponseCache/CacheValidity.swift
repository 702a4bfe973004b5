import Foundation

/// How long an operation's answer stays what the operation would answer again: while the state
/// it was read from is unchanged (its store's `StateRevision` at `readAt`) and the tenant clock
/// is within `from..<until` (a handler whose answer names today's date ends it at midnight).
package struct CacheValidity: Sendable {
    package let revision: StateRevision
    package let readAt: UInt64
    package let from: Date
    package let until: Date

    package init(revision: StateRevision, readAt: UInt64, from: Date, until: Date) {
        self.revision = revision
        self.readAt = readAt
        self.from = from
        self.until = until
    }

    /// The same validity, ending at `instant` when that comes sooner.
    package func ending(by instant: Date) -> CacheValidity {
        CacheValidity(revision: revision, readAt: readAt, from: from, until: min(until, instant))
    }

    /// Whether the answer still holds at tenant-clock instant `now`.
    package func holds(at now: Date) -> Bool {
        revision.current == readAt && from <= now && now < until
    }
}
