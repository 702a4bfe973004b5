import Foundation

/// How a tenant clock is set: the part of it that a snapshot keeps.
package enum ClockSetting: Sendable, Equatable, Codable {
    case real
    case frozen(Date)
    /// Seconds added to the wall clock.
    case offset(TimeInterval)
}
