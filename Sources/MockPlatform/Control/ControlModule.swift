import ControlAPI
import OpenAPIRuntime

/// The `/_mock` control API (`openapi/control.yaml`) as a module, on the control plane
/// (`ControlPlane`) like every `/_mock/` path. It keeps no store of its own and reads none: it
/// drives the tenant's runtime, and exports and imports a tenant's state whole
/// (`Tenant.snapshot()`, `TenantRegistry.reset`). The modules whose state they are about
/// answer the document's webhook, IQL, push-campaign and Wallet operations (`WebhooksModule`,
/// `IQLControlModule`, `CampaignsControlModule`, `WalletControlModule`).
struct ControlModule: PlatformModule {
    let specs: SpecCatalog
    /// The base the served documents' `servers` name.
    let publicURL: PublicBaseURL
    /// The server's metrics (`getMetrics`).
    let metrics: PlatformMetrics

    var name: String { "control" }
    /// The tenant's fault rules, which its operations keep.
    var quotaCollections: [TenantQuotas.Collection] { [.faults] }
    var pathPrefixes: [String] { [ControlPlane.prefix] }
    var rules: [String: OperationRule] { ControlHandlers.rules }

    /// A tenant's whole state is written as its document is (`TenantStateDocument`): through the
    /// generated `TenantState`, a million drivers took minutes.
    var writtenAnswers: [String: WrittenAnswer] {
        [Operations.ExportState.id: { try TenantStateDocument.data(await Tenant.bound().snapshot()) }]
    }

    /// Liveness answers `{"status":"ok"}` whenever the server answers at all.
    var constantOperations: Set<String> { [Operations.GetHealth.id] }

    var bodyStorage: [String: BodyStorage] { [Operations.ImportState.id: .replacing] }

    var stateFreeOperations: Set<String> {
        [
            Operations.GetHealth.id, Operations.GetReady.id, Operations.GetMetrics.id, Operations.ListSpecs.id, Operations.GetSpec.id,
            Operations.GetDashboard.id, Operations.GetDashboardStyles.id, Operations.GetDashboardScript.id,
        ]
    }

    func registerHandlers(on transport: any ServerTransport, configuration: Configuration) throws {
        try ControlHandlers(
            specs: specs, publicURL: publicURL, metrics: metrics,
            dashboard: DashboardAssets.bundled()
        )
            .registerHandlers(on: transport, configuration: configuration)
    }
}
