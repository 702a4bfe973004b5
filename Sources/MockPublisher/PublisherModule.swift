import MockPlatformKit
import OpenAPIRuntime
import PublisherAPI

/// The publisher reference backend (`openapi/publisher.yaml`) as a platform module: ZIP lookup,
/// insurers, device tokens.
package struct PublisherModule: PlatformModule {
    package let zipcodes: ZipDirectory

    package init(zipcodes: ZipDirectory) {
        self.zipcodes = zipcodes
    }

    package var name: String { "publisher" }
    package var fixtureParts: [any FixturePart.Type] { [PublisherFixtures.self] }
    package var settingsParts: [any SettingsPart.Type] { [PublisherSettings.self] }
    package var quotaCollections: [TenantQuotas.Collection] { [.deviceTokens] }
    package var pathPrefixes: [String] { ["/publisher/"] }
    package var errorShape: any ErrorShape { DRFErrorShape(fieldErrorOperations: [Operations.RegisterDeviceToken.id]) }
    package var rules: [String: OperationRule] { PublisherHandlers.rules }
    /// A supported-state query is read and forgotten.
    package var bodyStorage: [String: BodyStorage] { [Operations.PostSupportedStateDetails.id: .notKept] }
    package var pushKinds: [DeclaredPushKind] { [DeclaredPushKind(.iqlQualification), DeclaredPushKind(.iqlHeartbeat)] }

    /// The wrappers' answers the integration audit reads facts from, as IQL's own.
    package var journalledAnswers: Set<String> {
        [Operations.GetDriverStatus.id, Operations.PostSupportedStateDetails.id, Operations.GetAdUnit.id]
    }

    package func makeStore(for runtime: TenantRuntime, restoring snapshot: StoreState?) throws -> (any ModuleStore)? {
        try DeviceRegistry(runtime: runtime, restoring: snapshot)
    }

    package func registerHandlers(on transport: any ServerTransport, configuration: Configuration) throws {
        try PublisherHandlers(zipcodes: zipcodes)
            .registerHandlers(on: transport, configuration: configuration)
    }
}

/// The silent pushes the IQL reference publisher backend sends its app (`IQLPush`).
extension PushKind {
    static let iqlQualification = PushKind(rawValue: "iql_qualification")
    static let iqlHeartbeat = PushKind(rawValue: "iql_heartbeat")
}

extension TenantQuotas.Collection {
    /// Device tokens registered with the publisher backend.
    static let deviceTokens = Self("device_tokens", defaultLimit: 1_000_000)
}

extension Tenant {
    /// The tenant's device tokens.
    package var devices: DeviceRegistry { get throws(APIError) { try store(DeviceRegistry.self) } }
}
