import MockPlatformKit

extension LimitRejection {
    /// Trigger `overrides` with too many keys or too deep a key.
    static let triggerOverrides = Self(rawValue: "trigger_overrides")
}
