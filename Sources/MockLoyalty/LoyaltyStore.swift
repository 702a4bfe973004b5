import Foundation
import MockPlatformKit

/// One tenant's loyalty members (`openapi/loyalty.yaml`). Every change to a member runs in one
/// isolated step, so concurrent applies and redeems never lose an update, never apply twice and
/// never take points below zero.
package actor LoyaltyStore: ModuleStore {
    struct State: Codable, Sendable {
        /// By `Poq-User-Id`.
        var members: [String: Member] = [:]
    }

    private var state: State { didSet { revision.advance() } }
    private let runtime: TenantRuntime
    /// Advanced with every change of `state`: what a read answered holds while it stays.
    package nonisolated let revision = StateRevision()

    /// Restored from `snapshot`, or the fixture members.
    init(runtime: TenantRuntime, restoring snapshot: StoreState?) throws {
        self.runtime = runtime
        if let snapshot {
            state = try Self.state(State.self, from: snapshot)
            // Members are stored only from fixtures, scenarios and imports: an import is where
            // the quota applies.
            try runtime.quotas.checkRestored(.members, count: state.members.count)
        } else {
            let now = runtime.clock.now
            var state = State()
            for fixture in runtime.fixtures.members {
                let member = fixture.member(loadedAt: now)
                state.members[member.id] = member
            }
            self.state = state
        }
    }

    package func snapshot() throws -> StoreState { try Self.json(state) }

    /// The member stored under `id`, if any (a guest is not stored).
    package func storedMember(_ id: String) -> Member? { state.members[id] }

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
    /// Answers the applied reward and the account as it now is.
    package func applyReward(_ rewardID: String, member memberID: String) throws(APIError) -> (LoyaltyItem, Member.Account) {
        try use(\.rewards, rewardID, member: memberID, kind: "reward") { account, reward throws(APIError) in
            guard account.points >= reward.points else {
                throw LoyaltyProblem.insufficientPoints.error("reward \(reward.id) costs \(reward.points) points; the member has \(account.points)")
            }
            account.points -= reward.points
        }
    }

    /// Redeems an activity: marks it applied and credits its points. Answers the redeemed
    /// activity and the account as it now is.
    package func redeemActivity(_ activityID: String, member memberID: String) throws(APIError) -> (LoyaltyItem, Member.Account) {
        try use(\.activities, activityID, member: memberID, kind: "activity") { account, activity in
            account.points += activity.points
        }
    }

    /// Checks a member's item can be used (no account → 404, unknown item → 404, inactive,
    /// already applied, expired → 409), runs `change` on the account, marks the item applied;
    /// answers the item and the changed account.
    private func use(
        _ list: WritableKeyPath<Member, [LoyaltyItem]>, _ itemID: String, member memberID: String, kind: String,
        change: (inout Member.Account, LoyaltyItem) throws(APIError) -> Void
    ) throws(APIError) -> (LoyaltyItem, Member.Account) {
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
        return (member[keyPath: list][index], account)
    }
}
