import NIOCore

/// The newest entries of one of a tenant's logs (the request journal, the event log, the push
/// outbox), oldest first, within a count and a byte bound of its own and within the tenant's
/// byte budget: the bytes it holds are counted in its `TenantStorage`, and when the tenant is
/// over its budget the log that grows drops its own oldest entries (keeping the newest), so a
/// log never refuses an entry. A copy-on-write value, kept under its owner's lock.
package struct BoundedLog<Entry: Sendable>: Sendable {
    /// The most entries kept.
    package let capacity: Int
    /// The most bytes kept, whatever the tenant's budget.
    package let maxBytes: Int
    package let storage: TenantStorage
    /// Whether the log is part of the state document (the journal is not).
    package let inStateDocument: Bool
    private(set) var entries = CircularBuffer<Entry>()
    private var sizes = CircularBuffer<Int>()
    /// The entries' sizes in all.
    private(set) var bytes = 0
    /// How many entries the log gave up to its bounds since it was last emptied.
    package private(set) var dropped = 0

    package init(capacity: Int, maxBytes: Int = .max, storage: TenantStorage, inStateDocument: Bool = true) {
        self.capacity = max(1, capacity)
        self.maxBytes = maxBytes
        self.storage = storage
        self.inStateDocument = inStateDocument
    }

    /// Adds `entry`, which takes `size` bytes, then drops the oldest entries while the log is
    /// past its count or bytes, or the tenant past its budget (`TenantStorage.excess`). Returns
    /// the first entry dropped, so that an owner holding a lock lets it go after the lock (a
    /// full log drops one entry per append; freeing it is the costly part).
    @discardableResult
    package mutating func append(_ entry: Entry, size: Int) -> Entry? {
        entries.append(entry)
        sizes.append(size)
        bytes += size
        storage.logGrew(by: size, inStateDocument: inStateDocument)
        var excess = storage.excess
        var dropped: Entry?
        while entries.count > 1, entries.count > capacity || bytes > maxBytes || excess > 0 {
            let (oldest, freed) = removeOldest()
            if dropped == nil { dropped = oldest }
            excess -= freed
        }
        return dropped
    }

    /// Drops the oldest entries until at least `needed` bytes are free or the log is empty;
    /// returns the bytes freed.
    @discardableResult
    package mutating func dropOldest(freeing needed: Int) -> Int {
        var freed = 0
        while freed < needed, !entries.isEmpty { freed += removeOldest().size }
        return freed
    }

    package mutating func removeAll() {
        storage.logGrew(by: -bytes, inStateDocument: inStateDocument)
        entries.removeAll()
        sizes.removeAll()
        bytes = 0
        dropped = 0
    }

    private mutating func removeOldest() -> (entry: Entry, size: Int) {
        let entry = entries.removeFirst()
        let size = sizes.removeFirst()
        bytes -= size
        dropped += 1
        storage.logGrew(by: -size, inStateDocument: inStateDocument)
        return (entry, size)
    }
}
