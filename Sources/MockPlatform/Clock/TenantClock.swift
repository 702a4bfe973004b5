import Foundation

/// How a tenant clock relates to the wall clock.
public enum ClockMode: String, Sendable, Codable {
    /// The wall clock.
    case real
    /// Stands still at a set instant until changed.
    case frozen
    /// Runs at real speed, shifted by a fixed offset.
    case offset
}

/// What a tenant clock reads, and how it runs.
public struct ClockReading: Sendable, Equatable {
    public var now: Date
    public var mode: ClockMode
}

/// A tenant's clock: the only source of "now" and "today" for every rule of that tenant.
///
/// Tests move it with `/_mock/clock`; every date rule reads it, never `Date()`.
public actor TenantClock {
    private enum Setting: Equatable {
        case real
        case frozen(Date)
        case offset(TimeInterval)
    }

    private let wallClock: @Sendable () -> Date
    private var setting: Setting = .real

    public init(wallClock: @escaping @Sendable () -> Date = { Date() }) {
        self.wallClock = wallClock
    }

    public var now: Date { reading.now }

    public var reading: ClockReading {
        switch setting {
        case .real: ClockReading(now: wallClock(), mode: .real)
        case .frozen(let instant): ClockReading(now: instant, mode: .frozen)
        case .offset(let offset): ClockReading(now: wallClock().addingTimeInterval(offset), mode: .offset)
        }
    }

    /// Stops the clock at `instant`.
    public func freeze(at instant: Date) { setting = .frozen(instant) }

    /// Runs the clock at real speed from `instant`.
    public func run(from instant: Date) { setting = .offset(instant.timeIntervalSince(wallClock())) }

    /// Moves the clock forward; a frozen clock stays frozen, a running one keeps running.
    public func advance(by seconds: TimeInterval) {
        switch setting {
        case .real: setting = .offset(seconds)
        case .frozen(let instant): setting = .frozen(instant.addingTimeInterval(seconds))
        case .offset(let offset): setting = .offset(offset + seconds)
        }
    }

    /// Back to the wall clock.
    public func useRealTime() { setting = .real }
}
