import Foundation
import MockPlatformKit

/// A tenant's own audit guides (`putAuditGuide`), by name: part of its state document, bounded
/// by the `audit_guides` quota. Every guide it holds has passed `GuideReader`, on arrival and
/// again when a state document brings it back.
package actor AuditGuideStore: ModuleStore {
    struct State: Codable {
        var guides: [String: AuditGuide] = [:]
    }

    private var state: State
    private let runtime: TenantRuntime
    /// Reads a guide with the server's operations and kinds.
    private let reader: GuideReader
    private let builtIn: BuiltInGuides

    init(runtime: TenantRuntime, reader: GuideReader, builtIn: BuiltInGuides, restoring snapshot: StoreState?) throws {
        self.runtime = runtime
        self.reader = reader
        self.builtIn = builtIn
        guard let snapshot else {
            state = State()
            return
        }
        let restored = try Self.state(State.self, from: snapshot)
        try runtime.quotas.checkRestored(.auditGuides, count: restored.guides.count)
        for (name, guide) in restored.guides.sorted(by: { $0.key < $1.key }) {
            guard GuideReader.isGuideName(name), builtIn.guide(named: name) == nil else {
                throw APIError.badRequest("state is not valid: audit guide name \(name) must be lower-case kebab-case and not a built-in guide's")
            }
            do {
                _ = try reader.guide(JSONValue.parseObject(JSONEncoder().encode(guide)))
            } catch let error as APIError {
                throw APIError.badRequest("state is not valid: audit guide \(name): \(error.message)")
            }
        }
        state = restored
    }

    package func snapshot() throws -> StoreState { try Self.json(state) }

    /// The tenant's own guides, by name.
    package var guides: [(name: String, guide: AuditGuide)] {
        state.guides.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
    }

    package func guide(named name: String) -> AuditGuide? { state.guides[name] }

    /// Stores `guide` as `name`; true when it is new. 429 when it is new and the tenant holds
    /// its quota of guides.
    package func put(_ guide: AuditGuide, as name: String) throws(APIError) -> Bool {
        let created = state.guides[name] == nil
        if created { try runtime.quotas.admit(.auditGuides, to: state.guides.count) }
        state.guides[name] = guide
        return created
    }

    /// Reads `document` and stores it as `name` (a scenario's guides): 400 naming the guide
    /// and its problem, 409 for a built-in guide's name, 429 past the quota.
    package func put(reading document: [String: JSONValue], as name: String) throws(APIError) {
        guard builtIn.guide(named: name) == nil else { throw APIError(.conflict, "audit guide \(name) is a built-in guide's name") }
        do {
            _ = try put(reader.guide(document), as: name)
        } catch where error.status == .badRequest {
            throw .badRequest("audit guide \(name): \(error.message)")
        }
    }

    /// Removes the guide `name`; 404 when the tenant has none of that name.
    package func remove(_ name: String) throws(APIError) {
        guard state.guides.removeValue(forKey: name) != nil else { throw .notFound("no audit guide \(name)") }
    }
}

extension TenantQuotas.Collection {
    /// A tenant's own audit guides.
    package static let auditGuides = Self("audit_guides", defaultLimit: 32)
}
