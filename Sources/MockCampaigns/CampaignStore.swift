import Foundation
import MockPlatformKit

/// One tenant's Synerise campaigns and what each client UUID was sent (`openapi/campaigns.yaml`,
/// `openapi/control.yaml` tag campaigns).
package actor CampaignStore: ModuleStore {
    struct State: Codable, Sendable {
        /// In creation order.
        var campaigns: [PushCampaign] = []
        /// Campaign ids sent to each client, in first-send order.
        var sentToClient: [String: [String]] = [:]
        var ids: IDGenerator
    }

    private var state: State { didSet { revision.advance() } }
    private let runtime: TenantRuntime
    /// Advanced with every change of `state`: what a read answered holds while it stays.
    package nonisolated let revision = StateRevision()

    init(runtime: TenantRuntime, restoring snapshot: StoreState?) throws {
        self.runtime = runtime
        state = try snapshot.map { try Self.state(State.self, from: $0) } ?? State(ids: runtime.seed.generator(for: "campaigns"))
        state.ids = runtime.seed.generator(for: "campaigns", restoring: state.ids)
        try runtime.quotas.checkRestored(.clients, count: state.sentToClient.count)
        try runtime.quotas.checkRestored(.pushCampaigns, count: state.campaigns.count)
    }

    package func snapshot() throws -> StoreState { try Self.json(state) }

    package var campaigns: [PushCampaign] { state.campaigns }

    package func campaign(_ id: String) throws(APIError) -> PushCampaign {
        guard let campaign = state.campaigns.first(where: { $0.id == id }) else { throw .notFound("no campaign \(id)") }
        return campaign
    }

    /// Stores a built campaign under a new id; 429 past the tenant's quota.
    func create(name: String?, built: PushCampaignBuilder.Built) throws(APIError) -> PushCampaign {
        try runtime.quotas.admit(.pushCampaigns, to: state.campaigns.count)
        let campaign = PushCampaign(
            id: "cmp_" + state.ids.uuid().replacingOccurrences(of: "-", with: "").prefix(16),
            name: name ?? Self.defaultName(built), kind: built.kind, payload: built.payload, android: built.android,
            createdAt: runtime.clock.now
        )
        state.campaigns.append(campaign)
        return campaign
    }

    /// Removes a campaign from the store and from every client's answers.
    package func delete(_ id: String) throws(APIError) {
        guard let index = state.campaigns.firstIndex(where: { $0.id == id }) else { throw .notFound("no campaign \(id)") }
        state.campaigns.remove(at: index)
        for client in state.sentToClient.keys { state.sentToClient[client]?.removeAll { $0 == id } }
        state.sentToClient = state.sentToClient.filter { !$0.value.isEmpty }
    }

    /// Makes a campaign visible to clients; a repeat send keeps its first position, except for
    /// a walkthrough, which becomes the client's newest. 429 (and nothing sent) when the new
    /// clients would pass the tenant's `clients` quota.
    package func send(_ id: String, toClients clients: [String]) throws(APIError) {
        let campaign = try campaign(id)
        let newClients = Set(clients).subtracting(state.sentToClient.keys).count
        try runtime.quotas.admit(.clients, adding: newClients, to: state.sentToClient.count)
        for client in clients {
            var sent = state.sentToClient[client, default: []]
            if campaign.kind == .walkthrough { sent.removeAll { $0 == id } }
            if !sent.contains(id) { sent.append(id) }
            state.sentToClient[client] = sent
        }
    }

    /// The campaigns sent to a client that are still there, in first-send order.
    package func sent(to client: String) -> [PushCampaign] {
        let byID = Dictionary(state.campaigns.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        return (state.sentToClient[client] ?? []).compactMap { byID[$0] }
    }

    private static func defaultName(_ built: PushCampaignBuilder.Built) -> String {
        let fields = built.payload.objectValue ?? [:]
        let campaign = (built.kind == .walkthrough ? fields["campaign"] : fields["content"]?.objectValue?["campaign"])?.objectValue
        return campaign?["title"]?.stringValue ?? built.kind.rawValue
    }
}
