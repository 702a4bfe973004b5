import CampaignsAPI
import MockPlatformKit

/// The campaign-backend endpoints the Synerise SDK calls (`openapi/campaigns.yaml`).
struct CampaignsHandlers: APIProtocol {
    /// The platform segment is checked before decoding, for the contract's message; the
    /// handlers take the platform it read.
    static let rules: [String: OperationRule] = [
        Operations.GetPushes.id: .validating(into: platform) { request in try platform(request.pathParameters["platform"]) },
        Operations.GetBanners.id: .validating(into: platform) { request in try platform(request.pathParameters["platform"]) },
    ]

    /// The platform the path names, as the rules of both reads leave it.
    private static let platform = RuleValue<CampaignWrapper.Platform>()

    func getPushes(_ input: Operations.GetPushes.Input) async throws -> Operations.GetPushes.Output {
        let wrappers = try await wrappers(for: input.path.clientUuid) { $0.isFetchedAsPush }
        return .ok(.init(body: .json(try wrappers.map { try $0.decoded() })))
    }

    func getBanners(_ input: Operations.GetBanners.Input) async throws -> Operations.GetBanners.Output {
        let wrappers = try await wrappers(for: input.path.clientUuid) { $0.isBanner }
        return .ok(.init(body: .json(try wrappers.map { try $0.decoded() })))
    }

    func getWalkthrough(_ input: Operations.GetWalkthrough.Input) async throws -> Operations.GetWalkthrough.Output {
        let sent = try await Tenant.bound().campaigns.sent(to: input.path.clientUuid)
        guard let walkthrough = sent.last(where: { $0.kind == .walkthrough }) else {
            throw APIError.notFound("No walkthrough for client")
        }
        return .ok(.init(body: .json(try walkthrough.payload.decoded())))
    }

    /// What `client` was sent, of the kinds `include` takes, wrapped for the path's platform; the
    /// answer holds until the store changes (`Tenant.cacheAnswer(_:)`, for the reads that keep it).
    private func wrappers(for client: String, _ include: (PushCampaignKind) -> Bool) async throws -> [JSONValue] {
        let platform = try Self.platform.current()
        let store = try Tenant.bound().campaigns
        Tenant.cacheAnswer(CacheValidity(depending: [store.revision], at: .distantPast))
        return await store.sent(to: client)
            .filter { include($0.kind) }
            .map { CampaignWrapper.json($0, platform: platform) }
    }

    private static func platform(_ name: String?) throws(APIError) -> CampaignWrapper.Platform {
        guard let platform = name.flatMap(CampaignWrapper.Platform.init(rawValue:)) else {
            throw .badRequest("platform must be IOS or ANDROID")
        }
        return platform
    }
}
