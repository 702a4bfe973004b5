import ControlAPI
import OpenAPIRuntime

/// The `/_mock` control API (`openapi/control.yaml`) as a module, on the control plane
/// (`ControlPlane`) like every `/_mock/` path. It keeps no store of its own: it reads and drives
/// the tenant's runtime and the other modules' stores. The modules whose state they are about
/// answer the document's webhook, IQL, push-campaign and Wallet operations (`WebhooksModule`,
/// `IQLControlModule`, `CampaignsControlModule`, `WalletControlModule`).
struct ControlModule: PlatformModule {
    let specs: SpecCatalog
    /// The server's metrics (`getMetrics`).
    let metrics: PlatformMetrics
    /// The pass type id a real pass certificate fixes; nil while the development chain signs.
    let fixedWalletPassTypeID: String?

    var name: String { "control" }
    var pathPrefixes: [String] { [ControlPlane.prefix] }
    var rules: [String: OperationRule] { ControlHandlers.rules }

    /// Liveness answers `{"status":"ok"}` whenever the server answers at all.
    var constantOperations: Set<String> { [Operations.GetHealth.id] }

    func registerHandlers(on transport: any ServerTransport, configuration: Configuration) throws {
        try ControlHandlers(
            specs: specs, fixedWalletPassTypeID: fixedWalletPassTypeID, metrics: metrics,
            dashboard: DashboardAssets.bundled()
        )
            .registerHandlers(on: transport, configuration: configuration)
    }
}
