import ControlAPI
import OpenAPIRuntime

/// The `/_mock` control API (`openapi/control.yaml`) as a module, on the control plane
/// (`ControlPlane`) like every `/_mock/` path. It keeps no store of its own: it reads and drives
/// the tenant's runtime and the other modules' stores. The webhooks module answers the
/// document's webhook operations.
struct ControlModule: PlatformModule {
    let specs: SpecCatalog
    /// The server's metrics (`getMetrics`).
    let metrics: PlatformMetrics
    /// The development signing chain's root (PEM); nil when real certificates sign passes.
    let walletRootPEM: String?
    /// The pass type id a real pass certificate fixes; nil while the development chain signs.
    let fixedWalletPassTypeID: String?

    var name: String { "control" }
    var pathPrefixes: [String] { [ControlPlane.prefix] }
    var rules: [String: OperationRule] { ControlHandlers.rules }

    /// Liveness answers `{"status":"ok"}` whenever the server answers at all.
    var constantOperations: Set<String> { [Operations.GetHealth.id] }

    func registerHandlers(on transport: any ServerTransport, configuration: Configuration) throws {
        try ControlHandlers(
            specs: specs, walletRootPEM: walletRootPEM, fixedWalletPassTypeID: fixedWalletPassTypeID, metrics: metrics,
            dashboard: DashboardAssets.bundled()
        )
            .registerHandlers(on: transport, configuration: configuration)
    }
}
