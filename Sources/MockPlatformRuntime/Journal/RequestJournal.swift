import Foundation
import NIOCore
import Synchronization

/// A tenant's request journal (`/_mock/requests`): the last `capacity` requests the tenant's
/// APIs answered, in arrival order, holding at most `maxBytes` (`JournalEntry.size`) and
/// giving up its oldest when the tenant is past its byte budget (`BoundedLog`), so memory
/// stays flat however many requests come and however large they are. Control requests
/// (`/_mock/*`) are not recorded. Emptied by a reset; not part of the state document.
package final class RequestJournal: Sendable {
    /// Entries a tenant keeps unless `--journal-size` says otherwise.
    package static let defaultCapacity = 10_000

    private struct Ring {
        var log: BoundedLog<JournalEntry>
        var ids: IDGenerator
    }

    package let capacity: Int
    /// The most bytes the entries hold in all (a quarter of the tenant's byte budget).
    package let maxBytes: Int
    private let ring: Mutex<Ring>

    package init(capacity: Int, maxBytes: Int = TenantStorage.defaultMaxBytes / 4, storage: TenantStorage = TenantStorage(), ids: IDGenerator) {
        self.capacity = max(0, capacity)
        self.maxBytes = maxBytes
        ring = Mutex(Ring(log: BoundedLog(capacity: capacity, maxBytes: maxBytes, storage: storage, inStateDocument: false), ids: ids))
    }

    /// A fresh entry number (`JournalEntry.serial`, listed as the id `req_<hex>`); numbers
    /// never repeat within a run and follow `--seed`.
    package func nextSerial() -> UInt64 {
        ring.withLock { $0.ids.next() }
    }

    package func record(_ entry: JournalEntry) {
        guard capacity > 0 else { return }
        // The entry a full ring drops comes out of the lock and is freed here, not while the
        // other event loops wait for the lock.
        _ = ring.withLock { $0.log.append(entry, size: entry.size) }
    }

    /// The bytes the entries hold (toward the tenant's budget).
    package var bytes: Int { ring.withLock { $0.log.bytes } }

    /// Drops the oldest entries until `needed` bytes are free or none is left; returns the
    /// bytes freed.
    package func dropOldest(freeing needed: Int) -> Int { ring.withLock { $0.log.dropOldest(freeing: needed) } }

    /// Matching entries, newest first, at most `limit`. The filter runs on a copy of the ring,
    /// outside the lock, so a costly filter never holds up the requests being recorded.
    package func entries(matching query: JournalQuery, limit: Int) -> [JournalEntry] {
        var found: [JournalEntry] = []
        for entry in Self.newestFirst(held()) where query.matches(entry) {
            guard found.count < limit else { break }
            found.append(entry)
        }
        return found
    }

    /// How many entries match, counted outside the lock like `entries`.
    package func count(matching query: JournalQuery) -> Int {
        Self.newestFirst(held()).reduce(0) { $0 + (query.matches($1) ? 1 : 0) }
    }

    /// The ring as it is now: a copy-on-write value, so taking it costs the lock no more than
    /// a reference count.
    private func held() -> Ring { ring.withLock { $0 } }

    /// How many entries the journal gave up to its bounds since it was last emptied.
    package var dropped: Int { ring.withLock { $0.log.dropped } }

    /// Every entry held now, oldest first: a copy-on-write copy, read outside the lock.
    package var all: CircularBuffer<JournalEntry> { held().log.entries }

    /// Entries held now (at most `capacity`).
    package var count: Int { ring.withLock { $0.log.entries.count } }

    package func clear() { ring.withLock { $0.log.removeAll() } }

    private static func newestFirst(_ ring: Ring) -> some Sequence<JournalEntry> { ring.log.entries.reversed() }
}
