import Foundation
import MockPlatformKit

/// The endpoints only the `default` tenant starts with (`--webhook-url`): set by the command
/// line, read from no file.
struct DefaultTenantWebhooks: FixturePart {
    var endpoints: [WebhookEndpointSeed] = []

    static func load(from folder: URL) throws -> DefaultTenantWebhooks { DefaultTenantWebhooks() }
}

extension Fixtures {
    /// Webhook endpoints only the `default` tenant starts with.
    package var defaultTenantWebhookEndpoints: [WebhookEndpointSeed] {
        get { self[DefaultTenantWebhooks.self].endpoints }
        set { self[DefaultTenantWebhooks.self].endpoints = newValue }
    }
}
