import ControlAPI
import OpenAPIRuntime

/// The `/_mock` control API (`openapi/control.yaml`) as a module, on the control plane
/// (`ControlPlane`) like every `/_mock/` path. Its store is the tenant's webhook endpoints and
/// delivery log (`WebhookStore`); it also reads and drives the tenant's runtime and the other
/// modules' stores.
struct ControlModule: PlatformModule {
    let specs: SpecCatalog
    /// Sends every tenant's webhook attempts.
    let webhooks: WebhookTransport
    /// The development signing chain's root (PEM); nil when real certificates sign passes.
    let walletRootPEM: String?
    /// The pass type id a real pass certificate fixes; nil while the development chain signs.
    let fixedWalletPassTypeID: String?

    var name: String { "control" }
    var pathPrefixes: [String] { [ControlPlane.prefix] }
    var rules: [String: OperationRule] {
        ControlHandlers.rules.merging(ControlHandlers.webhookRules(allowlist: webhooks.allowlist)) { first, _ in first }
    }

    func makeStore(for runtime: TenantRuntime, restoring snapshot: JSONValue?) throws -> (any ModuleStore)? {
        try WebhookStore(runtime: runtime, transport: webhooks, restoring: snapshot)
    }

    /// Liveness answers `{"status":"ok"}` whenever the server answers at all.
    var constantOperations: Set<String> { [Operations.GetHealth.id] }

    func registerHandlers(on transport: any ServerTransport, configuration: Configuration) throws {
        try ControlHandlers(
            specs: specs, walletRootPEM: walletRootPEM,
            fixedWalletPassTypeID: fixedWalletPassTypeID, metrics: webhooks.metrics,
            dashboard: DashboardAssets.bundled()
        )
            .registerHandlers(on: transport, configuration: configuration)
    }
}
