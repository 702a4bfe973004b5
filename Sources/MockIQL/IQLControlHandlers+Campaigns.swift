import Foundation
import IQLControlAPI
import MockPlatformKit

/// IQL campaign CRUD under `/_mock/iql/campaigns` (`docs/iql-engine.md` Campaigns).
extension IQLControlHandlers {
    /// Body rules of the campaign operations; the handlers store the campaign they read.
    static let campaignRules: [String: OperationRule] = [
        Operations.CreateCampaign.id: .validating(into: createdCampaign) { request in try QualificationCampaign(body: request.json) },
        Operations.ReplaceCampaign.id: .validating(into: replacingCampaign) { request in try QualificationCampaign(body: request.json) },
    ]

    private static let createdCampaign = RuleValue<QualificationCampaign>()
    private static let replacingCampaign = RuleValue<QualificationCampaign>()

    func listCampaigns(_ input: Operations.ListCampaigns.Input) async throws -> Operations.ListCampaigns.Output {
        let campaigns = try await Tenant.bound().iql.campaigns
        return .ok(.init(body: .json(.init(campaigns: try campaigns.map(Self.schema)))))
    }

    func createCampaign(_ input: Operations.CreateCampaign.Input) async throws -> Operations.CreateCampaign.Output {
        let tenant = try Tenant.bound()
        let campaign = try Self.createdCampaign.current()
        try await tenant.iql.addCampaign(campaign)
        return .created(.init(body: .json(try Self.schema(campaign))))
    }

    func getCampaign(_ input: Operations.GetCampaign.Input) async throws -> Operations.GetCampaign.Output {
        let campaigns = try await Tenant.bound().iql.campaigns
        guard let campaign = campaigns.first(where: { $0.campaignID == input.path.campaignId }) else {
            throw APIError.notFound("no campaign \(input.path.campaignId)")
        }
        return .ok(.init(body: .json(try Self.schema(campaign))))
    }

    func replaceCampaign(_ input: Operations.ReplaceCampaign.Input) async throws -> Operations.ReplaceCampaign.Output {
        let tenant = try Tenant.bound()
        let campaign = try Self.replacingCampaign.current()
        guard campaign.campaignID == input.path.campaignId else { throw APIError.badRequest("campaign_id must match the path") }
        try await tenant.iql.replaceCampaign(campaign)
        return .ok(.init(body: .json(try Self.schema(campaign))))
    }

    func deleteCampaign(_ input: Operations.DeleteCampaign.Input) async throws -> Operations.DeleteCampaign.Output {
        try await Tenant.bound().iql.deleteCampaign(input.path.campaignId)
        return .noContent(.init())
    }

    /// A campaign as the generated schema type, through its fixture JSON form.
    private static func schema(_ campaign: QualificationCampaign) throws -> Components.Schemas.Campaign {
        let encoder = JSONEncoder()
        return try JSONDecoder().decode(Components.Schemas.Campaign.self, from: encoder.encode(campaign))
    }
}
