import MockPlatformKit

extension LimitRejection {
    /// A `Poq-User-Id` longer than 128 characters.
    static let memberID = Self(rawValue: "member_id")
}
