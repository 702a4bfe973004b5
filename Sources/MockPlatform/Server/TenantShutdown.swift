import ServiceLifecycle

/// Stops every tenant's timers and event subscriptions when the server shuts down.
struct TenantShutdown: Service {
    let tenants: TenantRegistry

    func run() async throws {
        try? await gracefulShutdown()
        tenants.shutdown()
    }
}
