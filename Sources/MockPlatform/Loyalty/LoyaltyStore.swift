import Foundation

/// One tenant's loyalty members and their Wallet passes (`openapi/loyalty.yaml`,
/// `openapi/wallet.yaml`). Every change to a member runs in one isolated step, so concurrent
/// applies and redeems never lose an update, never apply twice and never take points below
/// zero; the same step moves the member's pass to a new version and records its update pushes.
///
/// The passes live here, not in a store of their own, because a pass is a view of its member:
/// a points change and the pass update it causes must be one step.
package actor LoyaltyStore: ModuleStore {
    struct State: Codable, Sendable {
        /// By `Poq-User-Id`.
        var members: [String: Member] = [:]
        /// By serial number (the card number).
        var passes: [String: PassRecord] = [:]
        /// The tenant's pass update tag: starts at 1, grows with every pass change.
        var updateTag = 1
        /// In registration order.
        var registrations: [PassRegistration] = []
        /// The newest `logCapacity` device log lines.
        var logs: [WalletLogEntry] = []
        var ids: IDGenerator
    }

    static let logCapacity = 1_000
    /// Bytes of one device log line kept; the rest is cut.
    static let logLineBytes = 1_024
    /// Lines one `POST /wallet/v1/log` may carry (413 beyond).
    static let logLinesPerRequest = 100

    var state: State
    let runtime: TenantRuntime
    /// The pass type id a real pass certificate fixes; nil: the tenant's `wallet_pass_type_id`.
    let fixedPassTypeIdentifier: String?

    /// The pass type id of the tenant's passes.
    var passTypeIdentifier: String { fixedPassTypeIdentifier ?? runtime.settings.walletPassTypeID }

    init(runtime: TenantRuntime, fixedPassTypeIdentifier: String?, restoring snapshot: JSONValue?) throws {
        self.runtime = runtime
        self.fixedPassTypeIdentifier = fixedPassTypeIdentifier
        if let snapshot {
            state = try Self.state(State.self, from: snapshot)
            state.ids = runtime.seed.generator(for: "loyalty", restoring: state.ids)
            // Members are stored only from fixtures, scenarios and imports: an import is where
            // the quota applies.
            try runtime.quotas.admit(.members, adding: 0, to: state.members.count)
        } else {
            let now = runtime.clock.now
            var state = State(ids: runtime.seed.generator(for: "loyalty"))
            for fixture in runtime.fixtures.members {
                let member = fixture.member(loadedAt: now)
                state.members[member.id] = member
                if let card = member.loyalty?.cardNumber {
                    state.passes[card] = PassRecord(
                        serialNumber: card, memberID: member.id, authenticationToken: Self.token(&state.ids),
                        updatedAt: Date(timeIntervalSince1970: now.timeIntervalSince1970.rounded(.down)), updateTag: 1
                    )
                }
            }
            self.state = state
        }
    }

    /// 32 URL-safe characters.
    private static func token(_ ids: inout IDGenerator) -> String {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
        return String((0..<32).map { _ in alphabet[Int(ids.next() % UInt64(alphabet.count))] })
    }

    package func snapshot() throws -> JSONValue { try Self.json(state) }

    /// The member; an id never seen before reads as a guest, derived on read and not stored
    /// (a guest has nothing that can change), so reading with any number of ids stores nothing.
    package func member(_ id: String) -> Member {
        state.members[id] ?? Member.guest(id)
    }

    /// A member that has a loyalty account; 404 `no-loyalty-account` otherwise.
    package func loyaltyMember(_ id: String) throws(APIError) -> Member {
        let member = member(id)
        guard member.loyalty != nil else { throw LoyaltyProblem.noLoyaltyAccount.error("member \(id) has no loyalty account") }
        return member
    }

    /// Applies a reward: marks it applied and deducts its cost, in the contract's check order.
    package func applyReward(_ rewardID: String, member memberID: String) throws(APIError) -> LoyaltyItem {
        try use(\.rewards, rewardID, member: memberID, kind: "reward") { account, reward throws(APIError) in
            guard account.points >= reward.points else {
                throw LoyaltyProblem.insufficientPoints.error("reward \(reward.id) costs \(reward.points) points; the member has \(account.points)")
            }
            account.points -= reward.points
        }
    }

    /// Redeems an activity: marks it applied and credits its points.
    package func redeemActivity(_ activityID: String, member memberID: String) throws(APIError) -> LoyaltyItem {
        try use(\.activities, activityID, member: memberID, kind: "activity") { account, activity in
            account.points += activity.points
        }
    }

    /// Checks a member's item can be used (no account → 404, unknown item → 404, inactive,
    /// already applied, expired → 409), runs `change` on the account, marks the item applied.
    private func use(
        _ list: WritableKeyPath<Member, [LoyaltyItem]>, _ itemID: String, member memberID: String, kind: String,
        change: (inout Member.Account, LoyaltyItem) throws(APIError) -> Void
    ) throws(APIError) -> LoyaltyItem {
        var member = try loyaltyMember(memberID)
        guard let index = member[keyPath: list].firstIndex(where: { $0.id == itemID }), var account = member.loyalty else {
            throw LoyaltyProblem.notFound.error("no \(kind) \(itemID)")
        }
        let item = member[keyPath: list][index]
        guard account.isActive else { throw LoyaltyProblem.inactive.error("the member's loyalty account is inactive") }
        guard !item.isApplied else { throw LoyaltyProblem.alreadyApplied.error("\(kind) \(itemID) is already applied") }
        guard !item.isExpired(at: runtime.clock.now) else { throw LoyaltyProblem.expired.error("\(kind) \(itemID) has expired") }
        try change(&account, item)
        member.loyalty = account
        member[keyPath: list][index].isApplied = true
        state.members[memberID] = member
        passChanged(account.cardNumber)
        return member[keyPath: list][index]
    }
}
