import OpenAPIRuntime
import PublisherAPI

/// The publisher reference backend (`openapi/publisher.yaml`) as a platform module: ZIP lookup,
/// insurers, device tokens.
struct PublisherModule: PlatformModule {
    let zipcodes: ZipDirectory

    var name: String { "publisher" }
    var fixtureParts: [any FixturePart.Type] { [PublisherFixtures.self] }
    var settingsParts: [any SettingsPart.Type] { [PublisherSettings.self] }
    var quotaCollections: [TenantQuotas.Collection] { [.deviceTokens] }
    var pathPrefixes: [String] { ["/publisher/"] }
    var errorShape: any ErrorShape { DRFErrorShape(fieldErrorOperations: [Operations.RegisterDeviceToken.id]) }
    var rules: [String: OperationRule] { PublisherHandlers.rules }
    /// A supported-state query is read and forgotten.
    var bodyStorage: [String: BodyStorage] { [Operations.PostSupportedStateDetails.id: .notKept] }
    var pushKinds: [DeclaredPushKind] { [DeclaredPushKind(.iqlQualification), DeclaredPushKind(.iqlHeartbeat)] }

    func makeStore(for runtime: TenantRuntime, restoring snapshot: StoreState?) throws -> (any ModuleStore)? {
        try DeviceRegistry(runtime: runtime, restoring: snapshot)
    }

    func registerHandlers(on transport: any ServerTransport, configuration: Configuration) throws {
        try PublisherHandlers(zipcodes: zipcodes)
            .registerHandlers(on: transport, configuration: configuration)
    }
}
