import MockPlatformKit

/// An endpoint a tenant starts with: from `Resources/fixtures/webhooks.json` (every tenant) or
/// `--webhook-url` (the default tenant).
package struct WebhookEndpointSeed: Sendable, Equatable, Codable {
    package var url: String
    /// Nil: every kind.
    package var events: [EventKind]?
    /// Nil: generated.
    package var secret: WebhookSecret?

    package init(url: String, events: [EventKind]? = nil, secret: WebhookSecret? = nil) {
        self.url = url
        self.events = events
        self.secret = secret
    }
}
