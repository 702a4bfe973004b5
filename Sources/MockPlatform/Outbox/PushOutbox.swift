import Foundation
import Synchronization

/// One tenant's push outbox: every push the platform would have sent, in the order it was made
/// (`openapi/control.yaml` tag pushes). Nothing leaves the process.
///
/// It belongs to the tenant runtime, beside the event log, because several modules write to it
/// (campaign sends, the publisher backend's IQL pushes, Wallet pass updates). Appending is a
/// short critical section; the newest `capacity` entries are kept.
package final class PushOutbox: Sendable {
    package static let defaultCapacity = 10_000

    /// The outbox's content, for snapshots.
    package struct Snapshot: Sendable, Codable, Equatable {
        package var entries: [PushEntry]
        package var ids: IDGenerator
    }

    private let state: Mutex<Snapshot>
    private let clock: TenantClock
    private let capacity: Int

    /// An empty outbox, or the entries of `snapshot`; new ids come from `ids` either way (the
    /// caller decides whether a restored generator continues, `IDSeed`).
    init(clock: TenantClock, ids: IDGenerator, capacity: Int = PushOutbox.defaultCapacity, restoring snapshot: Snapshot? = nil) {
        self.clock = clock
        self.capacity = capacity
        state = Mutex(Snapshot(entries: snapshot?.entries ?? [], ids: ids))
    }

    /// Records pushes in order at the tenant's now; returns them as recorded.
    @discardableResult
    package func append(_ pushes: [Push]) -> [PushEntry] {
        guard !pushes.isEmpty else { return [] }
        let now = clock.now
        return state.withLock { state in
            let entries = pushes.map { PushEntry(id: state.ids.uuid(), createdAt: now, push: $0) }
            state.entries.append(contentsOf: entries)
            if state.entries.count > capacity + capacity / 10 { state.entries.removeFirst(state.entries.count - capacity) }
            return entries
        }
    }

    /// Entries matching every given filter, oldest first (at most `capacity`).
    package func list(
        platform: MobilePlatform? = nil, kind: PushKind? = nil, deviceToken: String? = nil,
        holder: String? = nil, since: Date? = nil
    ) -> [PushEntry] {
        let entries = state.withLock { $0.entries.suffix(capacity) }
        return entries.filter { entry in
            let push = entry.push
            return (platform.map { push.platform == $0 } ?? true) && (kind.map { push.kind == $0 } ?? true)
                && (deviceToken.map { push.isAddressed(to: $0) } ?? true) && (holder.map { push.holder == $0 } ?? true)
                && (since.map { entry.createdAt >= $0 } ?? true)
        }
    }

    package func entry(_ id: String) throws(APIError) -> PushEntry {
        guard let entry = state.withLock({ $0.entries.suffix(capacity).first { $0.id == id } }) else {
            throw .notFound("no push \(id)")
        }
        return entry
    }

    /// Entries held now (at most `capacity`).
    package var count: Int { state.withLock { min($0.entries.count, capacity) } }

    package func clear() { state.withLock { $0.entries.removeAll() } }

    package func snapshot() -> Snapshot {
        state.withLock { Snapshot(entries: Array($0.entries.suffix(capacity)), ids: $0.ids) }
    }
}
