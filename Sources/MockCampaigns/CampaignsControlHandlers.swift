import CampaignsControlAPI
import Foundation
import MockPlatformKit
import OpenAPIRuntime

/// Synerise campaign authoring and sending under `/_mock/campaigns` (`openapi/control.yaml`, tag
/// campaigns): the campaigns the SDK then fetches, and the pushes a send records in the outbox.
struct CampaignsControlHandlers: APIProtocol {
    /// Body rules of its operations; the handlers take what they read.
    static let rules: [String: OperationRule] = [
        Operations.CreatePushCampaign.id: .validating(into: draft) { request in try PushCampaignDraft(body: request.json) },
        Operations.SendPushCampaign.id: .validating(into: sending) { request in try CampaignSendRequest(body: request.json) },
    ]

    private static let draft = RuleValue<PushCampaignDraft>()
    private static let sending = RuleValue<CampaignSendRequest>()

    func listPushCampaigns(_ input: Operations.ListPushCampaigns.Input) async throws -> Operations.ListPushCampaigns.Output {
        let campaigns = try await Tenant.bound().campaigns.campaigns
        return .ok(.init(body: .json(.init(campaigns: try campaigns.map(Self.wire)))))
    }

    func createPushCampaign(_ input: Operations.CreatePushCampaign.Input) async throws -> Operations.CreatePushCampaign.Output {
        let draft = try Self.draft.current()
        let campaign = try await Tenant.bound().campaigns.create(name: draft.name, built: draft.built)
        return .created(.init(body: .json(try Self.wire(campaign))))
    }

    func getPushCampaign(_ input: Operations.GetPushCampaign.Input) async throws -> Operations.GetPushCampaign.Output {
        .ok(.init(body: .json(try Self.wire(try await Tenant.bound().campaigns.campaign(input.path.campaignId)))))
    }

    func deletePushCampaign(_ input: Operations.DeletePushCampaign.Input) async throws -> Operations.DeletePushCampaign.Output {
        try await Tenant.bound().campaigns.delete(input.path.campaignId)
        return .noContent(.init())
    }

    /// Checks everything first, then makes the campaign visible to its clients and records its
    /// pushes: a refused send changes nothing.
    func sendPushCampaign(_ input: Operations.SendPushCampaign.Input) async throws -> Operations.SendPushCampaign.Output {
        let request = try Self.sending.current()
        let tenant = try Tenant.bound()
        let campaign = try await tenant.campaigns.campaign(input.path.campaignId)
        if campaign.kind == .walkthrough, !(request.deviceTokens.isEmpty && request.driverIDs.isEmpty) {
            throw APIError.badRequest("a walkthrough is fetched, never pushed: send it to client_uuids only")
        }
        if !campaign.kind.isSyneriseCampaign, !request.clientUUIDs.isEmpty {
            throw APIError.badRequest(
                "a push with another issuer than Synerise is not a Synerise campaign: send it to device_tokens or driver_ids only"
            )
        }
        let targets = await Self.targets(
            of: request, addressBook: tenant.pushAddressBook, tenantBundleID: tenant.settings.iosBundleID
        )
        // Visible to its clients and in the outbox at once: no snapshot holds one without the other.
        let entries = try await tenant.runtime.crossStoreChanges.run {
            try await tenant.campaigns.send(campaign.id, toClients: request.clientUUIDs)
            return tenant.runtime.outbox.append(targets.map { CampaignPush.push(campaign, to: $0) })
        }
        return .accepted(.init(body: .json(.init(
            outboxIds: entries.map(\.id), clientUuids: request.clientUUIDs, warnings: campaign.readingWarnings
        ))))
    }

    /// The devices a send reaches: each listed token (as registered, else as named), then each
    /// listed driver's tokens; only those of `platform` when it is given. Registered tokens are
    /// the tenant's push address book's; without one, every token is sent as named.
    private static func targets(
        of request: CampaignSendRequest, addressBook: (any PushAddressBook)?, tenantBundleID: String?
    ) async -> [PushTarget] {
        var targets: [PushTarget] = []
        for token in request.deviceTokens {
            if let registered = await addressBook?.target(token: token, tenantBundleID: tenantBundleID) {
                targets.append(registered)
            } else {
                let platform = request.platform(ofUnregistered: token)
                targets.append(PushTarget(
                    platform: platform, token: DeviceTokenFormat.normalized(token, for: platform), holder: nil,
                    bundleID: platform == .ios ? tenantBundleID : nil
                ))
            }
        }
        for driver in request.driverIDs {
            targets += await addressBook?.targets(holder: driver, tenantBundleID: tenantBundleID) ?? []
        }
        return targets.filter { target in request.platform.map { target.platform == $0 } ?? true }
    }

    private static func wire(_ campaign: PushCampaign) throws -> Components.Schemas.PushCampaign {
        .init(
            id: campaign.id, name: campaign.name,
            kind: Components.Schemas.PushCampaignKind(rawValue: campaign.kind.rawValue) ?? .simplePush,
            payload: try campaign.payload.decoded(), android: try campaign.android?.decoded(), createdAt: campaign.createdAt,
            warnings: campaign.readingWarnings
        )
    }
}
