import Foundation
import NIOCore
import Synchronization

/// One tenant's event stream: every event in the order it was recorded, each with the next
/// sequence number, fanned out to subscribers.
///
/// Appending is a short critical section, so a store records its events in the same isolated
/// step that commits the state they describe. Subscribers (the webhook sender, the push outbox)
/// receive every event appended after they subscribed exactly once, in sequence order. The log
/// keeps the newest `capacity` events for reading (`GET /_mock/events`), fewer when the tenant
/// is past its byte budget (`BoundedLog`); subscribers see all.
package final class EventLog: Sendable {
    /// Events kept for reading per tenant, by default.
    package static let defaultCapacity = 10_000

    /// The log's content, for snapshots: retained events and the next sequence number.
    package struct Snapshot: Sendable, Codable, Equatable {
        package var events: [PlatformEvent]
        package var nextSequence: UInt64
    }

    private struct State {
        var events: BoundedLog<PlatformEvent>
        var nextSequence: UInt64
        var subscribers: [UInt64: AsyncStream<PlatformEvent>.Continuation] = [:]
        var nextSubscriberID: UInt64 = 0
        var finished = false
    }

    private let state: Mutex<State>

    package init(capacity: Int = EventLog.defaultCapacity, storage: TenantStorage = TenantStorage(), restoring snapshot: Snapshot? = nil) {
        var events = BoundedLog<PlatformEvent>(capacity: capacity, storage: storage)
        for event in snapshot?.events ?? [] { events.append(event, size: event.storedSize) }
        state = Mutex(State(events: events, nextSequence: snapshot?.nextSequence ?? 1))
    }

    /// Records events in order, numbering them; returns them as recorded.
    @discardableResult
    package func append(_ new: [PlatformEvent]) -> [PlatformEvent] {
        guard !new.isEmpty else { return [] }
        let sizes = new.map(\.storedSize)  // measured outside the lock: a payload can be large
        let recordedAt = Date()
        return state.withLock { state in
            let numbered = new.map { event in
                var event = event
                event.recordedAt = recordedAt
                event.sequence = state.nextSequence
                state.nextSequence += 1
                return event
            }
            for (event, size) in zip(numbered, sizes) {
                state.events.append(event, size: size)
                for subscriber in state.subscribers.values { subscriber.yield(event) }
            }
            return numbered
        }
    }

    /// Every event appended from now on, in sequence order, until the tenant shuts down.
    package func subscribe() -> AsyncStream<PlatformEvent> {
        let (stream, continuation) = AsyncStream.makeStream(of: PlatformEvent.self, bufferingPolicy: .unbounded)
        let id: UInt64? = state.withLock { state in
            guard !state.finished else { return nil }
            state.nextSubscriberID += 1
            state.subscribers[state.nextSubscriberID] = continuation
            return state.nextSubscriberID
        }
        guard let id else {
            continuation.finish()
            return stream
        }
        continuation.onTermination = { [weak self] _ in
            _ = self?.state.withLock { $0.subscribers.removeValue(forKey: id) }
        }
        return stream
    }

    /// Ends every subscription; later ones end at once.
    package func finish() {
        let subscribers = state.withLock { state in
            state.finished = true
            defer { state.subscribers = [:] }
            return Array(state.subscribers.values)
        }
        for subscriber in subscribers { subscriber.finish() }
    }

    /// Retained events matching every given filter, oldest first.
    package func list(kind: EventKind? = nil, subject: String? = nil, since: Date? = nil) -> [PlatformEvent] {
        state.withLock { $0.events.entries }.filter { event in
            (kind == nil || event.kind == kind) && (subject == nil || event.subject == subject)
                && (since.map { event.createdAt >= $0 } ?? true)
        }
    }

    /// Every retained event, oldest first: a copy-on-write copy, read outside the lock.
    package var all: CircularBuffer<PlatformEvent> { state.withLock { $0.events.entries } }

    /// The sequence number the next event will get.
    package var nextSequence: UInt64 { state.withLock { $0.nextSequence } }

    /// The retained events and the next sequence number.
    package func snapshot() -> Snapshot {
        state.withLock { Snapshot(events: Array($0.events.entries), nextSequence: $0.nextSequence) }
    }

    /// How many events the log gave up to its bounds: when more than zero, the oldest events
    /// of the tenant's run are no longer there to read.
    package var dropped: Int { state.withLock { $0.events.dropped } }

    /// The bytes the retained events hold (toward the tenant's budget).
    package var bytes: Int { state.withLock { $0.events.bytes } }

    /// Drops the oldest retained events until `needed` bytes are free or none is left;
    /// returns the bytes freed. Subscribers are not affected.
    package func dropOldest(freeing needed: Int) -> Int { state.withLock { $0.events.dropOldest(freeing: needed) } }
}
