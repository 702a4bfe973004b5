import Foundation

/// How long an operation's answer stays what the operation would answer again: while every
/// state it was read from is unchanged (each `StateRevision` still where it was when read:
/// a store's, the tenant's settings') and the tenant clock is within `from..<until` (an answer
/// that names today's date ends at midnight; one that says whether something has expired, at
/// its expiry).
package struct CacheValidity: Sendable {
    /// A revision and where it stood when the answer was read.
    package struct Mark: Sendable {
        package let revision: StateRevision
        package let readAt: UInt64

        package var holds: Bool { revision.current == readAt }
    }

    package let marks: [Mark]
    package let from: Date
    package let until: Date

    package init(revision: StateRevision, readAt: UInt64, from: Date, until: Date) {
        self.init(marks: [Mark(revision: revision, readAt: readAt)], from: from, until: until)
    }

    private init(marks: [Mark], from: Date, until: Date) {
        self.marks = marks
        self.from = from
        self.until = until
    }

    /// An answer about to be read at tenant-clock instant `now` from the states `revisions`
    /// count the changes of, holding until one of them changes. Made before the state is read:
    /// a change while it is read then only ends the answer early.
    package init(depending revisions: [StateRevision], at now: Date) {
        self.init(marks: revisions.map { Mark(revision: $0, readAt: $0.current) }, from: now, until: .distantFuture)
    }

    /// The same validity, ending at `instant` when that comes sooner.
    package func ending(by instant: Date) -> CacheValidity {
        CacheValidity(marks: marks, from: from, until: min(until, instant))
    }

    /// The same validity, ending at the earliest of `instants` after `from`, if any.
    package func ending(byFirstAfterStart instants: some Sequence<Date>) -> CacheValidity {
        ending(by: instants.lazy.filter { $0 > from }.min() ?? .distantFuture)
    }

    /// Holding only while `other` holds too: an answer read from two states.
    package func and(_ other: CacheValidity) -> CacheValidity {
        CacheValidity(marks: marks + other.marks, from: max(from, other.from), until: min(until, other.until))
    }

    /// Whether the answer still holds at tenant-clock instant `now`.
    package func holds(at now: Date) -> Bool {
        from <= now && now < until && marks.allSatisfy(\.holds)
    }
}
