import MockPlatformKit

/// The five per-trip event ratings of driverStatus and driverTrips, each 1–5.
package struct EventRatings: Sendable, Equatable, Codable {
    package var rapidAcceleration: Int
    package var phoneUse: Int
    package var hardBrake: Int
    package var hardTurn: Int
    package var overspeeding: Int

    package init(rapidAcceleration: Int, phoneUse: Int, hardBrake: Int, hardTurn: Int, overspeeding: Int) {
        self.rapidAcceleration = rapidAcceleration
        self.phoneUse = phoneUse
        self.hardBrake = hardBrake
        self.hardTurn = hardTurn
        self.overspeeding = overspeeding
    }

    /// The ratings a trip gets when none are given: `clamp(ceil(score / 20), 1, 5)` for each.
    package init(derivedFromScore score: Int) {
        let rating = min(5, max(1, Int(saturating: Double(score) / 20, rounding: .up)))
        self.init(rapidAcceleration: rating, phoneUse: rating, hardBrake: rating, hardTurn: rating, overspeeding: rating)
    }
}
