import CampaignsControlAPI
import MockPlatformKit
import OpenAPIRuntime

/// Synerise push campaigns' control operations as a module: authoring and sending under
/// `/_mock/campaigns` (`openapi/control.yaml`, tag campaigns). It keeps no store: it uses the one
/// `CampaignsModule` gives each tenant, and records a send's pushes in the tenant's outbox.
package struct CampaignsControlModule: PlatformModule {

    package init() {}
    package var name: String { "campaigns-control" }
    /// Its operations are the control API's.
    package var document: String { "control" }
    package var pathPrefixes: [String] { ["/_mock/campaigns/"] }
    package var rules: [String: OperationRule] { CampaignsControlHandlers.rules }
    /// A send's pushes go to the outbox, a log.
    package var bodyStorage: [String: BodyStorage] { [Operations.SendPushCampaign.id: .notKept] }

    package func registerHandlers(on transport: any ServerTransport, configuration: Configuration) throws {
        try CampaignsControlHandlers().registerHandlers(on: transport, configuration: configuration)
    }
}
