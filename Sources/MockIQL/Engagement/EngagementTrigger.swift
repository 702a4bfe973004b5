import MockPlatformKit

/// One engagement subtype's switch and text (`openapi/control.yaml` TenantConfig, `engagement`):
/// a disabled subtype is never sent.
package struct EngagementTrigger: Sendable, Equatable {
    package var enabled = true
    /// The event's `metadata.message`.
    package var message: String

    package init(enabled: Bool = true, message: String) {
        self.enabled = enabled
        self.message = message
    }
}
