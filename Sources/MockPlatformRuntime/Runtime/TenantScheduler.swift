import Foundation
import Synchronization

/// A tenant's timers, on the tenant clock.
///
/// A timer fires once its instant has come: by itself while the clock runs (real or offset
/// mode), and at once when the clock is moved past it (`fireDue()`, called after every clock
/// change). Timers due together fire in time order (ties: the order they were set), one at a
/// time. `shutdown()` cancels the background runner and every timer.
///
/// The runner sleeps at most `maxSleep` and is woken only by a timer earlier than the instant
/// it will look again, or by a clock change: re-setting a timer on every request (the IQL
/// engine does) must not wake it each time, because each woken sleep costs memory until its
/// deadline (`Sleeper`).
package final class TenantScheduler: Sendable {
    /// What a timer does when it fires.
    package typealias Action = @Sendable () async -> Void

    private struct Timer {
        var due: Date
        var order: UInt64
        var action: Action
    }

    private struct State {
        var timers: [TimerKey: Timer] = [:]
        /// Firing order; entries whose order no longer matches `timers` are stale.
        var queue = TimerQueue()
        var nextOrder: UInt64 = 0
        var stopped = false
        /// The tenant-clock instant the runner will next look at the timers (on a frozen clock:
        /// just after now); nil before its first look and once woken.
        var runnerLooksAt: Date?

        func isCurrent(_ entry: TimerQueue.Entry) -> Bool { timers[entry.key]?.order == entry.order }

        /// Sets the timer for `key`; returns its entry for the queue.
        mutating func set(_ key: TimerKey, at due: Date, _ action: @escaping Action) -> TimerQueue.Entry {
            nextOrder += 1
            timers[key] = Timer(due: due, order: nextOrder, action: action)
            return TimerQueue.Entry(due: due, order: nextOrder, key: key)
        }

        /// After timers were set: drops stale entries once they pile up, and says whether a
        /// timer due at `earliest` needs the runner woken (it would look later).
        mutating func settle(earliest: Date) -> Bool {
            if queue.count > 2 * timers.count + 1_024 {
                let current = self
                queue.compact(keeping: current.isCurrent)
            }
            guard let looksAt = runnerLooksAt, earliest < looksAt else { return false }
            runnerLooksAt = nil
            return true
        }

        /// The earliest current entry, dropping stale ones on the way.
        mutating func earliest() -> TimerQueue.Entry? {
            while let first = queue.first {
                if isCurrent(first) { return first }
                queue.popFirst()
            }
            return nil
        }
    }

    private let clock: TenantClock
    /// Advanced after each timer fired.
    private let changes: StateRevision
    private let state = Mutex(State())
    private let firing = AsyncSerialLock()
    private let sleeper = Sleeper()
    private let runner = Mutex<Task<Void, Never>?>(nil)
    /// The longest the runner sleeps without looking at the timers.
    package static let maxSleep = Duration.seconds(60)

    package init(clock: TenantClock, changes: StateRevision = StateRevision()) {
        self.clock = clock
        self.changes = changes
        clock.observe { [sleeper] in sleeper.wake() }
    }

    /// Starts the background runner that fires timers while the clock runs.
    package func start() {
        let task = Task { [weak self] in
            while !Task.isCancelled, let self {
                await self.fireDue()
                await self.sleeper.sleep(for: self.sleepUntilNextLook())
            }
        }
        runner.withLock { $0 = task }
    }

    /// Sets (or moves) the timer for `key`.
    package func schedule(_ key: TimerKey, at due: Date, _ action: @escaping Action) {
        let woken = state.withLock { state -> Bool in
            guard !state.stopped else { return false }
            state.queue.push(state.set(key, at: due, action))
            return state.settle(earliest: due)
        }
        if woken { sleeper.wake() }
    }

    /// Sets many timers at once (a restored store's, before its tenant serves anything): one
    /// lock, and the firing order built in one pass. Timers due together fire in the order given.
    package func schedule(_ timers: [(key: TimerKey, due: Date, action: Action)]) {
        guard let earliest = timers.lazy.map(\.due).min() else { return }
        let woken = state.withLock { state -> Bool in
            guard !state.stopped else { return false }
            state.timers.reserveCapacity(state.timers.count + timers.count)
            state.queue.push(contentsOf: timers.map { state.set($0.key, at: $0.due, $0.action) })
            return state.settle(earliest: earliest)
        }
        if woken { sleeper.wake() }
    }

    /// Removes the timer for `key`, if any.
    package func cancel(_ key: TimerKey) {
        _ = state.withLock { $0.timers.removeValue(forKey: key) }
    }

    /// The instant of the timer for `key`, if one is set.
    package func due(_ key: TimerKey) -> Date? { state.withLock { $0.timers[key]?.due } }

    /// Every pending timer, earliest first (ties: by key).
    package var pending: [(key: TimerKey, due: Date)] {
        state.withLock { $0.timers.map { (key: $0.key, due: $0.value.due) } }
            .sorted { ($0.due, $0.key.description) < ($1.due, $1.key.description) }
    }

    /// Fires every timer due by the tenant clock, earliest first, including timers that firing
    /// sets for instants already past; returns when none is due.
    package func fireDue() async {
        await firing.withLock {
            while let action = takeNextDue() {
                await action()
                changes.advance()
            }
        }
    }

    /// Cancels the runner and drops every timer; nothing fires afterwards.
    package func shutdown() {
        state.withLock { state in
            state.stopped = true
            state.timers = [:]
            state.queue = TimerQueue()
        }
        runner.withLock { $0?.cancel() }
        sleeper.wake()
    }

    private func takeNextDue() -> Action? {
        let now = clock.now
        return state.withLock { state -> Action? in
            guard let first = state.earliest(), first.due <= now else { return nil }
            state.queue.popFirst()
            return state.timers.removeValue(forKey: first.key)?.action
        }
    }

    /// How long the runner may sleep: until the earliest timer while the clock runs, at most
    /// `maxSleep`. A frozen clock only moves by a change, which wakes the runner; until then
    /// only a timer set for an instant already come needs it.
    private func sleepUntilNextLook() -> Duration {
        let reading = clock.reading
        return state.withLock { state in
            let limit = reading.now.addingTimeInterval(TimeInterval(Self.maxSleep.components.seconds))
            let looksAt = min(state.earliest()?.due ?? limit, limit)
            state.runnerLooksAt = reading.mode == .frozen ? reading.now.addingTimeInterval(0.001) : looksAt
            let seconds = reading.mode == .frozen ? TimeInterval(Self.maxSleep.components.seconds) : max(0, looksAt.timeIntervalSince(reading.now))
            return .milliseconds(Int64(saturating: seconds * 1000, rounding: .up))
        }
    }
}
