import Foundation

/// One tenant's loyalty members (`openapi/loyalty.yaml`). Every change to a member runs in one
/// isolated step, so concurrent applies and redeems never lose an update, never apply twice and
/// never take points below zero.
public actor LoyaltyStore: ModuleStore {
    struct State: Codable, Sendable {
        /// By `Poq-User-Id`.
        var members: [String: Member] = [:]
    }

    private var state: State
    private let runtime: TenantRuntime

    init(runtime: TenantRuntime, restoring snapshot: JSONValue?) throws {
        self.runtime = runtime
        if let snapshot {
            state = try Self.state(State.self, from: snapshot)
        } else {
            let now = runtime.clock.now
            state = State(members: Dictionary(
                runtime.fixtures.members.map { ($0.id, $0.member(loadedAt: now)) }, uniquingKeysWith: { first, _ in first }
            ))
        }
    }

    public func snapshot() throws -> JSONValue { try Self.json(state) }

    /// The member, provisioned as a guest on first use.
    public func member(_ id: String) -> Member {
        if let member = state.members[id] { return member }
        let guest = Member.guest(id)
        state.members[id] = guest
        return guest
    }

    /// A member that has a loyalty account; 404 `no-loyalty-account` otherwise.
    public func loyaltyMember(_ id: String) throws(APIError) -> Member {
        let member = member(id)
        guard member.loyalty != nil else { throw LoyaltyProblem.noLoyaltyAccount.error("member \(id) has no loyalty account") }
        return member
    }

    /// Applies a reward: marks it applied and deducts its cost, in the contract's check order.
    public func applyReward(_ rewardID: String, member memberID: String) throws(APIError) -> LoyaltyItem {
        try use(\.rewards, rewardID, member: memberID, kind: "reward") { account, reward throws(APIError) in
            guard account.points >= reward.points else {
                throw LoyaltyProblem.insufficientPoints.error("reward \(reward.id) costs \(reward.points) points; the member has \(account.points)")
            }
            account.points -= reward.points
        }
    }

    /// Redeems an activity: marks it applied and credits its points.
    public func redeemActivity(_ activityID: String, member memberID: String) throws(APIError) -> LoyaltyItem {
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
        return member[keyPath: list][index]
    }
}
