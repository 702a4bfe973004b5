import ServiceLifecycle

/// At shutdown: stops every tenant's timers and event subscriptions, then waits a bounded
/// time for webhook attempts under way (undelivered messages stay in the log).
struct TenantShutdown: Service {
    let tenants: TenantRegistry
    let webhooks: WebhookTransport

    func run() async throws {
        try? await gracefulShutdown()
        tenants.shutdown()
        await webhooks.drain()
    }
}
