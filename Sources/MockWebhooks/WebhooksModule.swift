import MockPlatformKit
import OpenAPIRuntime
import WebhooksControlAPI

/// Webhooks as a module: each tenant's endpoints and delivery log (`WebhookStore`), which hear
/// every event on the tenant's stream, and their control operations under `/_mock/webhooks/`
/// (`openapi/control.yaml`, tag webhooks).
package struct WebhooksModule: PlatformModule {
    /// Sends every tenant's webhook attempts.
    package let transport: WebhookTransport
    /// Endpoints the default tenant starts with (`--webhook-url`).
    package let defaultTenantEndpoints: [WebhookEndpointSeed]
    /// Every new tenant's retry profile, over tenant.json's (`--webhook-retry-profile`); nil: tenant.json's.
    package let defaultRetryProfile: RetryProfile?

    package init(transport: WebhookTransport, defaultTenantEndpoints: [WebhookEndpointSeed] = [], defaultRetryProfile: RetryProfile? = nil) {
        self.transport = transport
        self.defaultTenantEndpoints = defaultTenantEndpoints
        self.defaultRetryProfile = defaultRetryProfile
    }

    package var name: String { "webhooks" }
    /// Its operations are the control API's.
    package var document: String { "control" }
    /// Where a state document has always kept the webhook store.
    package var stateKey: String { "control" }
    /// An attempt's latency.
    package var stateFields: StateFields { StateFields(counters: ["latencyMilliseconds"]) }
    package var fixtureParts: [any FixturePart.Type] { [WebhookFixtures.self] }
    package var settingsParts: [any SettingsPart.Type] { [WebhookSettings.self] }
    package var quotaCollections: [TenantQuotas.Collection] { [.endpoints] }
    package var pathPrefixes: [String] { ["/_mock/webhooks/"] }
    package var rules: [String: OperationRule] { WebhooksHandlers.rules(allowlist: transport.allowlist) }
    /// A trigger's overrides end up only in the event it fires; a recovery's window is read
    /// and forgotten.
    package var bodyStorage: [String: BodyStorage] { [Operations.TriggerWebhook.id: .notKept, Operations.RecoverWebhookMessages.id: .notKept] }

    package func makeStore(for runtime: TenantRuntime, restoring snapshot: StoreState?) throws -> (any ModuleStore)? {
        try WebhookStore(runtime: runtime, transport: transport, restoring: snapshot)
    }

    package func prepare(_ fixtures: inout Fixtures) {
        fixtures.defaultTenantWebhookEndpoints += defaultTenantEndpoints
        if let defaultRetryProfile { fixtures.settings.webhooks.retryProfile = defaultRetryProfile }
    }

    package func registerHandlers(on transport: any ServerTransport, configuration: Configuration) throws {
        try WebhooksHandlers().registerHandlers(on: transport, configuration: configuration)
    }

    /// Waits a bounded time for attempts under way; undelivered messages stay in the log.
    package func shutdown() async { await transport.drain() }
}

extension TenantQuotas.Collection {
    /// Webhook endpoints.
    static let endpoints = Self("endpoints", defaultLimit: 100)
}

extension LimitRejection {
    /// Trigger `overrides` with too many keys or too deep a key.
    static let triggerOverrides = Self(rawValue: "trigger_overrides")
}

extension Tenant {
    /// The tenant's webhook endpoints and delivery log.
    package var webhooks: WebhookStore { get throws(APIError) { try store(WebhookStore.self) } }
}
