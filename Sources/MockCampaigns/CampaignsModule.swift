import CampaignsAPI
import MockPlatformKit
import OpenAPIRuntime

/// The Synerise campaign backend (`openapi/campaigns.yaml`) as a platform module: what the SDK
/// fetches. Campaigns are authored and sent through the control API.
package struct CampaignsModule: PlatformModule {
    /// Fails when the bundled `campaigns.yaml` cannot be read as the shapes authored campaigns
    /// are checked against (`CampaignShapes`), so that the start fails and no request does.
    package init() throws(StartupError) {
        _ = try CampaignShapes.bundled.get()
    }

    package var name: String { "campaigns" }
    package var quotaCollections: [TenantQuotas.Collection] { [.pushCampaigns, .clients] }
    package var pathPrefixes: [String] { ["/campaign-backend/"] }
    package var errorShape: any ErrorShape { SpringErrorShape() }
    package var requestGuard: (any RequestGuard)? { BearerPresenceGuard() }
    /// What a client was sent is the same until the store changes.
    package var cachedReads: [String: CachedRead] { [Operations.GetPushes.id: CachedRead(), Operations.GetBanners.id: CachedRead()] }
    package var rules: [String: OperationRule] { CampaignsHandlers.rules }
    package var pushKinds: [DeclaredPushKind] { [DeclaredPushKind(.syneriseCampaign)] }

    package func makeStore(for runtime: TenantRuntime, restoring snapshot: StoreState?) throws -> (any ModuleStore)? {
        try CampaignStore(runtime: runtime, restoring: snapshot)
    }

    package func registerHandlers(on transport: any ServerTransport, configuration: Configuration) throws {
        try CampaignsHandlers().registerHandlers(on: transport, configuration: configuration)
    }
}

/// A Synerise campaign sent to a device (`CampaignPush`).
extension PushKind {
    static let syneriseCampaign = PushKind(rawValue: "synerise_campaign")
}

extension TenantQuotas.Collection {
    /// Synerise push campaigns; `--quota campaigns=N` also bounds IQL's campaigns.
    static let pushCampaigns = Self("campaigns", defaultLimit: 1_000)
    /// Synerise client UUIDs a campaign was sent to (`client_uuids`).
    static let clients = Self("clients", defaultLimit: 1_000_000)
}

extension Tenant {
    /// The tenant's Synerise campaigns.
    package var campaigns: CampaignStore { get throws(APIError) { try store(CampaignStore.self) } }
}
