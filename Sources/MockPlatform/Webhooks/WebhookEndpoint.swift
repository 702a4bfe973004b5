import Foundation

/// A publisher URL that receives the tenant's events (`openapi/control.yaml`
/// createWebhookEndpoint).
public struct WebhookEndpoint: Sendable, Equatable, Codable {
    public var id: String
    public var url: String
    /// The kinds delivered to it.
    public var events: [EventKind]
    public var secret: WebhookSecret
    /// Secrets replaced by a rotation, still signing until their instant (tenant clock).
    public var retiredSecrets: [RetiredSecret] = []
    /// False after a 410 answer or a PATCH: its messages wait.
    public var enabled: Bool
    public var createdAt: Date

    /// A rotated-out secret and when it stops signing.
    public struct RetiredSecret: Sendable, Equatable, Codable {
        public var secret: WebhookSecret
        public var validUntil: Date
    }

    /// How long a rotated-out secret keeps signing.
    public static let rotationGrace: TimeInterval = 24 * 3600
    /// Rotated-out secrets kept at most: rotating faster than the grace (or under a frozen
    /// clock) retires the oldest early instead of growing the signature without bound.
    public static let retiredSecretLimit = 8

    /// Every secret that signs an attempt at `now`: the current one first.
    public func signingSecrets(at now: Date) -> [WebhookSecret] {
        [secret] + retiredSecrets.filter { $0.validUntil > now }.map(\.secret)
    }

    /// Whether it takes events of `kind`.
    public func accepts(_ kind: EventKind) -> Bool { events.contains(kind) }
}
