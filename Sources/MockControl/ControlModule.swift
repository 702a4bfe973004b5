import ControlAPI
import MockPlatformKit
import OpenAPIRuntime

/// The `/_mock` control API (`openapi/control.yaml`) as a module, on the control plane
/// (`ControlPlane`) like every `/_mock/` path. It keeps no store of its own and reads none: it
/// drives the tenant's runtime, and exports and imports a tenant's state whole
/// (`Tenant.snapshot()`, `TenantRegistry.reset`). The modules whose state they are about
/// answer the document's webhook, IQL, push-campaign and Wallet operations (`WebhooksModule`,
/// `IQLControlModule`, `CampaignsControlModule`, `WalletControlModule`).
package struct ControlModule: PlatformModule {
    package let specs: SpecCatalog
    /// The base the served documents' `servers` name.
    package let publicURL: PublicBaseURL
    /// The server's metrics (`getMetrics`).
    package let metrics: PlatformMetrics

    package init(specs: SpecCatalog, publicURL: PublicBaseURL, metrics: PlatformMetrics) {
        self.specs = specs
        self.publicURL = publicURL
        self.metrics = metrics
    }

    package var name: String { "control" }
    /// The tenant's fault rules, which its operations keep.
    package var quotaCollections: [TenantQuotas.Collection] { [.faults] }
    package var pathPrefixes: [String] { [ControlPlane.prefix] }
    package var rules: [String: OperationRule] { ControlHandlers.rules }

    /// A tenant's whole state is written as its document is (`TenantStateDocument`): through the
    /// generated `TenantState`, a million drivers took minutes.
    package var writtenAnswers: [String: WrittenAnswer] {
        [Operations.ExportState.id: { _ in try TenantStateDocument.data(await Tenant.bound().snapshot()) }]
    }

    /// Liveness answers `{"status":"ok"}` whenever the server answers at all.
    package var constantOperations: Set<String> { [Operations.GetHealth.id] }

    package var bodyStorage: [String: BodyStorage] { [Operations.ImportState.id: .replacing] }

    package var stateFreeOperations: Set<String> {
        [
            Operations.GetHealth.id, Operations.GetReady.id, Operations.GetMetrics.id, Operations.ListSpecs.id, Operations.GetSpec.id,
            Operations.GetDashboard.id, Operations.GetDashboardStyles.id, Operations.GetDashboardScript.id,
        ]
    }

    package func registerHandlers(on transport: any ServerTransport, configuration: Configuration) throws {
        try ControlHandlers(
            specs: specs, publicURL: publicURL, metrics: metrics,
            dashboard: DashboardAssets.bundled()
        )
            .registerHandlers(on: transport, configuration: configuration)
    }
}
