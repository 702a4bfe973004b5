import MockPlatformKit

extension Tenant {
    /// The tenant's webhook endpoints and delivery log.
    package var webhooks: WebhookStore { get throws(APIError) { try store(WebhookStore.self) } }
}
