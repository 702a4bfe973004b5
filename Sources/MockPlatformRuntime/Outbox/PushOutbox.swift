import Foundation
import NIOCore
import Synchronization

/// One tenant's push outbox: every push the platform would have sent, in the order it was made
/// (`openapi/control.yaml` tag pushes). Nothing leaves the process.
///
/// It belongs to the tenant runtime, beside the event log, because several modules write to it
/// (campaign sends, the publisher backend's IQL pushes, Wallet pass updates). Appending is a
/// short critical section; the newest `capacity` entries are kept, fewer when the tenant is
/// past its byte budget (`BoundedLog`).
package final class PushOutbox: Sendable {
    package static let defaultCapacity = 10_000

    /// The outbox's content, for snapshots.
    package struct Snapshot: Sendable, Codable, Equatable {
        package var entries: [PushEntry]
        package var ids: IDGenerator
    }

    private struct State {
        var log: BoundedLog<PushEntry>
        var ids: IDGenerator
    }

    private let state: Mutex<State>
    private let clock: TenantClock

    /// An empty outbox, or the entries of `snapshot`; new ids come from `ids` either way (the
    /// caller decides whether a restored generator continues, `IDSeed`).
    package init(
        clock: TenantClock, ids: IDGenerator, capacity: Int = PushOutbox.defaultCapacity, storage: TenantStorage = TenantStorage(),
        restoring snapshot: Snapshot? = nil
    ) {
        self.clock = clock
        var log = BoundedLog<PushEntry>(capacity: capacity, storage: storage)
        for entry in snapshot?.entries ?? [] { log.append(entry, size: PushEntry.storedSize(of: entry.push)) }
        state = Mutex(State(log: log, ids: ids))
    }

    /// Records pushes in order at the tenant's now; returns them as recorded.
    @discardableResult
    package func append(_ pushes: [Push]) -> [PushEntry] {
        guard !pushes.isEmpty else { return [] }
        let now = clock.now, recordedAt = Date()
        let sizes = pushes.map(PushEntry.storedSize(of:))  // measured outside the lock: a payload can be large
        return state.withLock { state in
            let entries = pushes.map { PushEntry(id: state.ids.uuid(), createdAt: now, push: $0, recordedAt: recordedAt) }
            for (entry, size) in zip(entries, sizes) { state.log.append(entry, size: size) }
            return entries
        }
    }

    /// Entries matching every given filter, oldest first.
    package func list(
        platform: MobilePlatform? = nil, kind: PushKind? = nil, deviceToken: String? = nil,
        holder: String? = nil, since: Date? = nil
    ) -> [PushEntry] {
        let entries = state.withLock { $0.log.entries }
        return entries.filter { entry in
            let push = entry.push
            return (platform.map { push.platform == $0 } ?? true) && (kind.map { push.kind == $0 } ?? true)
                && (deviceToken.map { push.isAddressed(to: $0) } ?? true) && (holder.map { push.holder == $0 } ?? true)
                && (since.map { entry.createdAt >= $0 } ?? true)
        }
    }

    package func entry(_ id: String) throws(APIError) -> PushEntry {
        guard let entry = state.withLock({ $0.log.entries.first { $0.id == id } }) else {
            throw .notFound("no push \(id)")
        }
        return entry
    }

    /// Every entry held now, oldest first: a copy-on-write copy, read outside the lock.
    package var all: CircularBuffer<PushEntry> { state.withLock { $0.log.entries } }

    /// How many entries the outbox gave up to its bounds.
    package var dropped: Int { state.withLock { $0.log.dropped } }

    /// Entries held now.
    package var count: Int { state.withLock { $0.log.entries.count } }

    package func clear() { state.withLock { $0.log.removeAll() } }

    /// The bytes the entries hold (toward the tenant's budget).
    package var bytes: Int { state.withLock { $0.log.bytes } }

    /// Drops the oldest entries until `needed` bytes are free or none is left; returns the
    /// bytes freed.
    package func dropOldest(freeing needed: Int) -> Int { state.withLock { $0.log.dropOldest(freeing: needed) } }

    package func snapshot() -> Snapshot {
        state.withLock { Snapshot(entries: Array($0.log.entries), ids: $0.ids) }
    }
}
