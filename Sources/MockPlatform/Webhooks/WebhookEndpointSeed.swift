/// An endpoint a tenant starts with: from `Resources/fixtures/webhooks.json` (every tenant) or
/// `--webhook-url` (the default tenant).
public struct WebhookEndpointSeed: Sendable, Equatable, Codable {
    public var url: String
    /// Nil: every kind.
    public var events: [EventKind]?
    /// Nil: generated.
    public var secret: WebhookSecret?

    public init(url: String, events: [EventKind]? = nil, secret: WebhookSecret? = nil) {
        self.url = url
        self.events = events
        self.secret = secret
    }
}
