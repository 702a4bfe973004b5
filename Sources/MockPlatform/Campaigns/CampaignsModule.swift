import OpenAPIRuntime

/// The Synerise campaign backend (`openapi/campaigns.yaml`) as a platform module: what the SDK
/// fetches. Campaigns are authored and sent through the control API.
struct CampaignsModule: PlatformModule {
    /// Fails when the bundled `campaigns.yaml` cannot be read as the shapes authored campaigns
    /// are checked against (`CampaignShapes`), so that the start fails and no request does.
    init() throws(FixtureError) {
        _ = try CampaignShapes.bundled.get()
    }

    var name: String { "campaigns" }
    var quotaCollections: [TenantQuotas.Collection] { [.pushCampaigns, .clients] }
    var pathPrefixes: [String] { ["/campaign-backend/"] }
    var errorShape: any ErrorShape { SpringErrorShape() }
    var requestGuard: (any RequestGuard)? { BearerPresenceGuard() }
    var rules: [String: OperationRule] { CampaignsHandlers.rules }
    var pushKinds: [DeclaredPushKind] { [DeclaredPushKind(.syneriseCampaign)] }

    func makeStore(for runtime: TenantRuntime, restoring snapshot: StoreState?) throws -> (any ModuleStore)? {
        try CampaignStore(runtime: runtime, restoring: snapshot)
    }

    func registerHandlers(on transport: any ServerTransport, configuration: Configuration) throws {
        try CampaignsHandlers().registerHandlers(on: transport, configuration: configuration)
    }
}
