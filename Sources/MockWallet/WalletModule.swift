import MockPlatformKit
import OpenAPIRuntime
import WalletAPI

/// The PassKit web service (`openapi/wallet.yaml`) as a platform module, with a store of the
/// tenant's passes and their devices. A pass shows a loyalty member: the module reads members
/// from the loyalty store and is told of their changes through `WalletPasses`.
package struct WalletModule: PlatformModule {
    /// Builds the members' Wallet passes.
    package let passIssuer: PassIssuer
    /// Every new tenant's `wallet_pass_type_id`, over tenant.json's (`--pass-type-id`, or the
    /// one a development chain signs); nil: tenant.json's.
    package let defaultPassTypeID: String?

    package init(passIssuer: PassIssuer, defaultPassTypeID: String? = nil) {
        self.passIssuer = passIssuer
        self.defaultPassTypeID = defaultPassTypeID
    }

    package var name: String { "wallet" }
    package var stateFields: StateFields { StateFields(counters: ["updateTag"]) }
    package var settingsParts: [any SettingsPart.Type] { [WalletSettings.self] }
    package var quotaCollections: [TenantQuotas.Collection] { [.registrations] }
    package var pathPrefixes: [String] { ["/wallet/"] }
    /// A device's updatable passes are the same until the store changes.
    package var cachedReads: [String: CachedRead] { [Operations.ListUpdatablePasses.id: CachedRead()] }
    package var errorShape: any ErrorShape { ProblemErrorShape(titles: WalletProblem.titles, unknownRouteMessage: "unknown wallet endpoint") }
    package var rules: [String: OperationRule] { WalletHandlers.rules }
    /// A device's log lines go to the PassKit log (its newest 1,000 lines of ≤ 1 KiB), which a
    /// device must always be able to write to.
    package var bodyStorage: [String: BodyStorage] { [Operations.LogPassMessages.id: .notKept] }
    package var pushKinds: [DeclaredPushKind] { [DeclaredPushKind(.walletPassUpdate, recipient: .wallet)] }

    package func makeStore(for runtime: TenantRuntime, restoring snapshot: StoreState?) throws -> (any ModuleStore)? {
        try WalletStore(runtime: runtime, fixedPassTypeIdentifier: passIssuer.fixedPassTypeIdentifier, restoring: snapshot)
    }

    /// A document written before Wallet had a store keeps the pass state among the loyalty
    /// store's keys (`passes` beside `members`), under the names `WalletStore.State` still uses.
    package func formerStateKey(in stores: [String: StoreState]) -> String? {
        (try? stores["loyalty"]?.json())??.objectValue?["passes"] == nil ? nil : "loyalty"
    }

    package func prepare(_ fixtures: inout Fixtures) {
        if let defaultPassTypeID { fixtures.settings.wallet.passTypeID = defaultPassTypeID }
    }

    package func registerHandlers(on transport: any ServerTransport, configuration: Configuration) throws {
        try WalletHandlers(passIssuer: passIssuer).registerHandlers(on: transport, configuration: configuration)
    }
}

/// The push that tells Wallet a registered pass changed (PassKit web service).
extension PushKind {
    static let walletPassUpdate = PushKind(rawValue: "wallet_pass_update")
}

extension TenantQuotas.Collection {
    /// Devices registered for passes' updates.
    static let registrations = Self("registrations", defaultLimit: 1_000_000)
}

extension LimitRejection {
    /// A PassKit log request with more than 100 lines.
    static let walletLog = Self(rawValue: "wallet_log")
}

extension Tenant {
    /// The tenant's Wallet passes and their devices.
    package var wallet: WalletStore { get throws(APIError) { try store(WalletStore.self) } }
}
