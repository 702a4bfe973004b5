/// One engagement subtype's switch and text (`openapi/control.yaml` TenantConfig, `engagement`):
/// a disabled subtype is never sent.
public struct EngagementTrigger: Sendable, Equatable {
    public var enabled = true
    /// The event's `metadata.message`.
    public var message: String

    public init(enabled: Bool = true, message: String) {
        self.enabled = enabled
        self.message = message
    }
}
