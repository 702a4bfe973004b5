import Foundation
import MockPlatformKit

/// The webhooks module's part of the fixtures: the endpoints every tenant starts with
/// (`webhooks.json`, optional).
struct WebhookFixtures: FixturePart {
    var endpoints: [WebhookEndpointSeed] = []

    static func load(from folder: URL) throws -> WebhookFixtures {
        struct WebhookFile: Decodable { var endpoints: [WebhookEndpointSeed] }
        return WebhookFixtures(endpoints: try Fixtures.decodeIfPresent(WebhookFile.self, "webhooks.json", in: folder)?.endpoints ?? [])
    }

    /// Refuses an endpoint subscribed to an event kind no module of this server declares,
    /// naming the first.
    func check(_ kinds: KnownKinds) throws(StartupError) {
        for (index, endpoint) in endpoints.enumerated() {
            for (position, kind) in (endpoint.events ?? []).enumerated() where !kinds.eventKinds.contains(kind) {
                throw StartupError(
                    "fixture file webhooks.json: endpoints.\(index).events.\(position) must be one of \(kinds.eventKindNames), got \"\(kind)\""
                )
            }
        }
    }
}

extension Fixtures {
    /// Webhook endpoints every new tenant starts with.
    package var webhookEndpoints: [WebhookEndpointSeed] {
        get { self[WebhookFixtures.self].endpoints }
        set { self[WebhookFixtures.self].endpoints = newValue }
    }
}
