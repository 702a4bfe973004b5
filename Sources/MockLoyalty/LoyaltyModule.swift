import LoyaltyAPI
import MockPlatformKit
import OpenAPIRuntime

/// The Poq-style loyalty API (`openapi/loyalty.yaml`) as a platform module.
package struct LoyaltyModule: PlatformModule {
    /// The members' Wallet passes.
    package let passes: any MemberPasses

    package init(passes: any MemberPasses) {
        self.passes = passes
    }

    package var name: String { "loyalty" }
    /// Members by id, and their balances.
    package var stateFields: StateFields { StateFields(counters: ["points", "pointsForReward", "expiringPoints"], keyedByID: ["members"]) }
    package var fixtureParts: [any FixturePart.Type] { [LoyaltyFixtures.self] }
    package var settingsParts: [any SettingsPart.Type] { [LoyaltySettings.self] }
    package var quotaCollections: [TenantQuotas.Collection] { [.members] }
    package var scenarioParts: [any ScenarioPart.Type] { [ScenarioMembers.self] }
    package var pathPrefixes: [String] { ["/account/", "/loyalty/"] }
    package var errorShape: any ErrorShape { ProblemErrorShape(titles: LoyaltyProblem.titles, unknownRouteMessage: "unknown loyalty endpoint") }
    package var requestGuard: (any RequestGuard)? { MemberGuard() }
    /// A member's reads are the same until the store or a setting changes, or (rewards,
    /// activities) one of the listed items expires; each is kept per `Poq-User-Id`.
    package var cachedReads: [String: CachedRead] {
        let member = CachedRead(headers: [MemberGuard.header])
        return [
            Operations.GetAccountContent.id: member, Operations.GetLoyaltySummary.id: member,
            Operations.ListRewards.id: member, Operations.ListActivities.id: member,
        ]
    }

    package func makeStore(for runtime: TenantRuntime, restoring snapshot: StoreState?) throws -> (any ModuleStore)? {
        try LoyaltyStore(runtime: runtime, restoring: snapshot)
    }

    package func registerHandlers(on transport: any ServerTransport, configuration: Configuration) throws {
        try LoyaltyHandlers(passes: passes).registerHandlers(on: transport, configuration: configuration)
    }
}

extension TenantQuotas.Collection {
    /// Loyalty members (from fixtures, scenarios and state documents).
    static let members = Self("members", defaultLimit: 1_000_000)
}

extension LimitRejection {
    /// A `Poq-User-Id` longer than 128 characters.
    static let memberID = Self(rawValue: "member_id")
}

extension Tenant {
    /// The tenant's loyalty members.
    package var loyalty: LoyaltyStore { get throws(APIError) { try store(LoyaltyStore.self) } }
}
