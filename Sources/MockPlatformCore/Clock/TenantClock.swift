import Foundation
import Synchronization

/// A tenant's clock: the only source of "now" and "today" for every rule of that tenant.
///
/// Tests move it with `/_mock/clock`; every date rule reads it, never `Date()`. It always reads
/// within years 1 to 9999 (the instants RFC 3339 can write), refuses changes that would leave
/// them, and announces every change to its observers (the tenant's timer scheduler).
package final class TenantClock: Sendable {
    /// The instants a tenant clock can read: 0001-01-01T00:00:00.000Z to 9999-12-31T23:59:59.999Z.
    package static let range = Date(timeIntervalSince1970: -62_135_596_800)...Date(timeIntervalSince1970: 253_402_300_799.999)

    /// Why a change was refused.
    package static let outOfRange = APIError.badRequest("the clock must stay within years 1 to 9999")

    private let wallClock: @Sendable () -> Date
    private let state: Mutex<State>

    private struct State {
        package var setting: ClockSetting = .real
        package var observers: [@Sendable () -> Void] = []
    }

    package init(wallClock: @escaping @Sendable () -> Date = { Date() }, setting: ClockSetting = .real) {
        self.wallClock = wallClock
        state = Mutex(State(setting: setting))
    }

    package var now: Date { reading.now }

    package var reading: ClockReading { Self.reading(of: setting, wall: wallClock()) }

    /// How the clock is set now.
    package var setting: ClockSetting { state.withLock { $0.setting } }

    /// Stops the clock at `instant`.
    package func freeze(at instant: Date) throws(APIError) { try change { _, _ in .frozen(instant) } }

    /// Runs the clock at real speed from `instant`.
    package func run(from instant: Date) throws(APIError) {
        try change { _, wall in .offset(instant.timeIntervalSince(wall)) }
    }

    /// Moves the clock forward; a frozen clock stays frozen, a running one keeps running.
    package func advance(by seconds: TimeInterval) throws(APIError) {
        try change { setting, _ in
            switch setting {
            case .real: .offset(seconds)
            case .frozen(let instant): .frozen(instant.addingTimeInterval(seconds))
            case .offset(let offset): .offset(offset + seconds)
            }
        }
    }

    /// Back to the wall clock.
    package func useRealTime() { try? change { _, _ in .real } }

    /// Calls `observer` after every change, from the changing thread; it must not block.
    package func observe(_ observer: @escaping @Sendable () -> Void) {
        state.withLock { $0.observers.append(observer) }
    }

    /// Applies a change unless the clock would then read outside `range`; tells the observers.
    private func change(_ next: (ClockSetting, Date) -> ClockSetting) throws(APIError) {
        let wall = wallClock()
        let observers = try state.withLock { state throws(APIError) -> [@Sendable () -> Void] in
            let setting = next(state.setting, wall)
            let instant = Self.unboundedInstant(of: setting, wall: wall)
            guard instant.timeIntervalSince1970.isFinite, Self.range.contains(instant) else { throw Self.outOfRange }
            state.setting = setting
            return state.observers
        }
        for observer in observers { observer() }
    }

    private static func unboundedInstant(of setting: ClockSetting, wall: Date) -> Date {
        switch setting {
        case .real: wall
        case .frozen(let instant): instant
        case .offset(let offset): wall.addingTimeInterval(offset)
        }
    }

    /// The reading of a setting, held within `range` (a running clock stops at its end).
    private static func reading(of setting: ClockSetting, wall: Date) -> ClockReading {
        let instant = min(max(unboundedInstant(of: setting, wall: wall), range.lowerBound), range.upperBound)
        switch setting {
        case .real: return ClockReading(now: instant, mode: .real)
        case .frozen: return ClockReading(now: instant, mode: .frozen)
        case .offset: return ClockReading(now: instant, mode: .offset)
        }
    }
}
