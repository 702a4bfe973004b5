import Foundation
import MockPlatformKit

/// A publisher URL that receives the tenant's events (`openapi/control.yaml`
/// createWebhookEndpoint).
package struct WebhookEndpoint: Sendable, Equatable, Codable {
    package var id: String
    package var url: String
    /// The kinds delivered to it.
    package var events: [EventKind]
    package var secret: WebhookSecret
    /// Secrets replaced by a rotation, still signing until their instant (tenant clock).
    package var retiredSecrets: [RetiredSecret] = []
    /// False after a 410 answer or a PATCH: its messages wait.
    package var enabled: Bool
    package var createdAt: Date
    /// The wall-clock instant it was made (the audit's order); nil in a state document written
    /// before it was kept.
    package var recordedAt: Date?

    /// A rotated-out secret and when it stops signing.
    package struct RetiredSecret: Sendable, Equatable, Codable {
        package var secret: WebhookSecret
        package var validUntil: Date
    }

    /// How long a rotated-out secret keeps signing.
    package static let rotationGrace: TimeInterval = 24 * 3600
    /// Rotated-out secrets kept at most: rotating faster than the grace (or under a frozen
    /// clock) retires the oldest early instead of growing the signature without bound.
    package static let retiredSecretLimit = 8

    /// Every secret that signs an attempt at `now`: the current one first.
    package func signingSecrets(at now: Date) -> [WebhookSecret] {
        [secret] + retiredSecrets.filter { $0.validUntil > now }.map(\.secret)
    }

    /// Whether it takes events of `kind`.
    package func accepts(_ kind: EventKind) -> Bool { events.contains(kind) }
}
