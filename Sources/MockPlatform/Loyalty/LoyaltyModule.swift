import OpenAPIRuntime

/// The Poq-style loyalty API (`openapi/loyalty.yaml`) as a platform module.
struct LoyaltyModule: PlatformModule {
    /// The members' Wallet passes.
    let passes: any MemberPasses

    var name: String { "loyalty" }
    /// Members by id, and their balances.
    var stateFields: StateFields { StateFields(counters: ["points", "pointsForReward", "expiringPoints"], keyedByID: ["members"]) }
    var fixtureParts: [any FixturePart.Type] { [LoyaltyFixtures.self] }
    var settingsParts: [any SettingsPart.Type] { [LoyaltySettings.self] }
    var quotaCollections: [TenantQuotas.Collection] { [.members] }
    var scenarioParts: [any ScenarioPart.Type] { [ScenarioMembers.self] }
    var pathPrefixes: [String] { ["/account/", "/loyalty/"] }
    var errorShape: any ErrorShape { ProblemErrorShape(titles: LoyaltyProblem.titles, unknownRouteMessage: "unknown loyalty endpoint") }
    var requestGuard: (any RequestGuard)? { MemberGuard() }

    func makeStore(for runtime: TenantRuntime, restoring snapshot: StoreState?) throws -> (any ModuleStore)? {
        try LoyaltyStore(runtime: runtime, restoring: snapshot)
    }

    func registerHandlers(on transport: any ServerTransport, configuration: Configuration) throws {
        try LoyaltyHandlers(passes: passes).registerHandlers(on: transport, configuration: configuration)
    }
}
