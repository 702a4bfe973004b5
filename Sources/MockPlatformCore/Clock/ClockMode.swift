/// How a tenant clock relates to the wall clock.
package enum ClockMode: String, Sendable, Codable {
    /// The wall clock.
    case real
    /// Stands still at a set instant until changed.
    case frozen
    /// Runs at real speed, shifted by a fixed offset.
    case offset
}
