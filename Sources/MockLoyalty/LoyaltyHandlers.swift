import Foundation
import LoyaltyAPI
import MockPlatformKit
import OpenAPIRuntime

/// The Poq-style loyalty API (`openapi/loyalty.yaml`): account content, summary, rewards and
/// activities of the member the `Poq-User-Id` header names.
struct LoyaltyHandlers: APIProtocol {
    /// The members' Wallet passes.
    let passes: any MemberPasses

    /// The account screen's blocks for a member with a loyalty account (inactive included). A
    /// member without one gets none of them: the app shows its loyalty view wherever a block
    /// is, and over a member without an account that view would sit in its error state.
    static let loyaltyBlocks: [Components.Schemas.Block] = [
        .init(_type: .loyalty, title: "Loyalty", deeplink: nil),
        .init(_type: .link, title: "Rewards", deeplink: "loyalty/rewards"),
        .init(_type: .link, title: "Activities", deeplink: "loyalty/activities"),
    ]

    func getAccountContent(_ input: Operations.GetAccountContent.Input) async throws -> Operations.GetAccountContent.Output {
        let tenant = try Tenant.bound()
        let (settings, settingsValidity) = tenant.keptSettings
        let (member, _, validity) = try await Self.kept(tenant) { try await $0.member(input.headers.poqUserId) }
        Tenant.cacheAnswer(validity.and(settingsValidity))
        let loyalty = try member.loyalty.map { try Self.summary($0, settings: settings).decoded(as: Components.Schemas.LoyaltyOrNull.self) }
        return .ok(.init(body: .json(.init(
            account: .init(id: member.id, email: member.email, firstName: member.firstName, lastName: member.lastName),
            blocks: loyalty == nil ? [] : Self.loyaltyBlocks, loyalty: loyalty
        ))))
    }

    func getLoyaltySummary(_ input: Operations.GetLoyaltySummary.Input) async throws -> Operations.GetLoyaltySummary.Output {
        let tenant = try Tenant.bound()
        let (settings, settingsValidity) = tenant.keptSettings
        let (member, _, validity) = try await Self.kept(tenant) { try await $0.loyaltyMember(input.headers.poqUserId) }
        guard let account = member.loyalty else { throw APIError.internal }
        Tenant.cacheAnswer(validity.and(settingsValidity))
        return .ok(.init(body: .json(try Self.summary(account, settings: settings).decoded())))
    }

    func listRewards(_ input: Operations.ListRewards.Input) async throws -> Operations.ListRewards.Output {
        let (member, now) = try await Self.keptItems(of: input.headers.poqUserId, \.rewards)
        return .ok(.init(body: .json(.init(rewards: member.rewards.map { Self.reward($0, now: now) }))))
    }

    func applyReward(_ input: Operations.ApplyReward.Input) async throws -> Operations.ApplyReward.Output {
        let (reward, now) = try await used { try await $0.applyReward(input.path.rewardId, member: input.headers.poqUserId) }
        return .ok(.init(body: .json(Self.reward(reward, now: now))))
    }

    func listActivities(_ input: Operations.ListActivities.Input) async throws -> Operations.ListActivities.Output {
        let (member, now) = try await Self.keptItems(of: input.headers.poqUserId, \.activities)
        return .ok(.init(body: .json(.init(activities: member.activities.map { Self.activity($0, now: now) }))))
    }

    func redeemActivity(_ input: Operations.RedeemActivity.Input) async throws -> Operations.RedeemActivity.Output {
        let (activity, now) = try await used { try await $0.redeemActivity(input.path.activityId, member: input.headers.poqUserId) }
        return .ok(.init(body: .json(Self.activity(activity, now: now))))
    }

    func getWalletPass(_ input: Operations.GetWalletPass.Input) async throws -> Operations.GetWalletPass.Output {
        let tenant = try Tenant.bound()
        let passTypeIdentifier: String
        switch passes.passTypeIdentifier(requested: input.query.passId ?? "", in: tenant.settings) {
        case .success(let identifier): passTypeIdentifier = identifier
        case .failure(let refusal): throw LoyaltyProblem.invalidPassID.error("passId must be \(refusal.rule)")
        }
        let member = try await tenant.loyalty.loyaltyMember(input.headers.poqUserId)
        guard let account = member.loyalty, account.isActive else {
            throw LoyaltyProblem.inactive.error("the member's loyalty account is inactive")
        }
        let pass = try await passes.pass(of: member, account: account, type: passTypeIdentifier, in: tenant)
        return .ok(.init(
            headers: .init(lastModified: HTTPDate.string(from: pass.updatedAt), contentDisposition: #"attachment; filename="loyalty.pkpass""#),
            body: .applicationVnd_apple_pkpass(HTTPBody(pass.archive))
        ))
    }

    /// Uses a member's item on the tenant's loyalty store (`use`), moves the member's pass on to
    /// the account it left — the two as one cross-store change, which no snapshot splits — and
    /// answers the item with the tenant's now.
    private func used(
        _ use: (LoyaltyStore) async throws -> (LoyaltyItem, Member.Account)
    ) async throws -> (LoyaltyItem, Date) {
        let tenant = try Tenant.bound()
        let item = try await tenant.runtime.crossStoreChanges.run {
            let (item, account) = try await use(tenant.loyalty)
            try await passes.accountChanged(account, in: tenant)
            return item
        }
        return (item, tenant.clock.now)
    }

    /// What `read` reads from the tenant's loyalty store, the tenant's now, and how long an
    /// answer read at that instant holds: until the store changes.
    private static func kept<T: Sendable>(
        _ tenant: Tenant, _ read: (LoyaltyStore) async throws -> T
    ) async throws -> (T, now: Date, CacheValidity) {
        let store = try tenant.loyalty, now = tenant.clock.now
        let validity = CacheValidity(depending: [store.revision], at: now)
        return (try await read(store), now, validity)
    }

    /// The member, who must have a loyalty account, and the tenant's now, for an answer listing
    /// the member's `items` with whether each has expired: it holds until the store changes or
    /// the next of them expires (`Tenant.cacheAnswer(_:)`).
    private static func keptItems(of id: String, _ items: KeyPath<Member, [LoyaltyItem]>) async throws -> (Member, Date) {
        let (member, now, validity) = try await kept(try Tenant.bound()) { try await $0.loyaltyMember(id) }
        Tenant.cacheAnswer(validity.ending(byFirstAfterStart: member[keyPath: items].lazy.compactMap(\.expiryDate)))
        return (member, now)
    }

    /// The Loyalty object as JSON, shared by the summary and the account content's nullable copy.
    private static func summary(_ account: Member.Account, settings: TenantSettings) -> JSONValue {
        .object([
            "isActive": .bool(account.isActive),
            "cardNumber": .string(account.cardNumber),
            "barcode": .object(["value": .string(account.cardNumber), "format": .string(account.barcodeFormat.rawValue)]),
            "points": .integer(Int64(account.points)),
            "pointsToGo": .integer(Int64(account.pointsToGo)),
            "pointsForReward": .integer(Int64(account.pointsForReward)),
            "tier": account.tier.map(JSONValue.string) ?? .null,
            "expiringPoints": .integer(Int64(account.expiringPoints)),
            "expiringPointsDate": account.expiringPointsDate.map { .string(CalendarDay(containing: $0).description) } ?? .null,
            "walletPassAvailable": .bool(account.isActive && settings.loyalty.walletEnabled),
        ])
    }

    private static func reward(_ item: LoyaltyItem, now: Date) -> Components.Schemas.Reward {
        .init(
            id: item.id, title: item.title, description: item.description, imageUrl: item.imageURL,
            barcode: item.barcode.map { .init(value: $0.value, format: .init(rawValue: $0.format.rawValue) ?? .qr) }
                ?? .init(value: item.id, format: .qr),
            pointsCost: item.points, expiryDate: item.expiryDate, isExpired: item.isExpired(at: now), isApplied: item.isApplied
        )
    }

    private static func activity(_ item: LoyaltyItem, now: Date) -> Components.Schemas.Activity {
        .init(
            id: item.id, title: item.title, description: item.description, imageUrl: item.imageURL, points: item.points,
            expiryDate: item.expiryDate, isExpired: item.isExpired(at: now), isApplied: item.isApplied
        )
    }
}
