import MockPlatformKit
import OpenAPIRuntime

/// The parcels API as a module: its tracking read behind an API-key guard, its control
/// operations under `/_mock/parcels/`, its store, kinds, setting, fixture file, scenario part
/// and quota.
package struct ParcelsModule: PlatformModule {
    /// Seconds from a send to its delivery unless `--parcel-delay` says.
    package static let defaultDelay = 60

    package let delaySeconds: Int
    package var eventKinds: [EventKind]

    package init(delaySeconds: Int = ParcelsModule.defaultDelay, eventKinds: [EventKind] = [.parcelDelivered]) {
        self.delaySeconds = delaySeconds
        self.eventKinds = eventKinds
    }

    package var name: String { "parcels" }
    package var pathPrefixes: [String] { ["/parcels/", "/_mock/parcels/"] }
    package var requestGuard: (any RequestGuard)? { ParcelsKeyGuard() }
    package var pushKinds: [DeclaredPushKind] { [DeclaredPushKind(.parcelNotice)] }
    /// A count its state documents may hold: a state document's check knows it from here.
    package var stateFields: StateFields { StateFields(counters: ["weightGrams"]) }
    package var settingsParts: [any SettingsPart.Type] { [ParcelSettings.self] }
    package var scenarioParts: [any ScenarioPart.Type] { [DeliveredParcels.self] }
    package var quotaCollections: [TenantQuotas.Collection] { [.parcels] }
    package var fixtureParts: [any FixturePart.Type] { [ParcelFixtures.self] }

    package func makeStore(for runtime: TenantRuntime, restoring snapshot: StoreState?) throws -> (any ModuleStore)? {
        try ParcelStore(runtime: runtime, delaySeconds: delaySeconds, restoring: snapshot)
    }

    package func registerHandlers(on transport: any ServerTransport, configuration: Configuration) throws {
        try ParcelsHandlers().registerHandlers(on: transport, configuration: configuration)
    }
}

extension EventKind {
    package static let parcelDelivered = EventKind(rawValue: "parcel_delivered")
}

extension PushKind {
    package static let parcelNotice = PushKind(rawValue: "parcel_notice")
}

extension TenantQuotas.Collection {
    package static let parcels = Self("parcels", defaultLimit: 1_000)
}
