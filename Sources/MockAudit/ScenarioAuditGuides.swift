import MockPlatformKit

/// The audit's part of a scenario: `audit_guides`, the tenant's own guides by name, in the
/// shape `putAuditGuide` takes. Their names are checked when the scenarios are read; the guides
/// themselves when the scenario is applied, as `putAuditGuide` checks them (a 400 names the
/// guide, the rule and the field).
struct ScenarioAuditGuides: ScenarioPart {
    static let field = "audit_guides"
    let guides: [(name: String, document: [String: JSONValue])]

    init(scenarioValue value: JSONValue, fixtures: Fixtures) throws(StartupError) {
        guard case .object(let named) = value else { throw StartupError("not a valid scenario: audit_guides must be an object of guides by name") }
        guides = try named.sorted { $0.key < $1.key }.map { name, guide throws(StartupError) in
            guard GuideReader.isGuideName(name), !BuiltInGuides.names.contains(name) else {
                throw StartupError("not a valid scenario: audit_guides: \(name) must be lower-case kebab-case and not a built-in guide's name")
            }
            guard case .object(let document) = guide else { throw StartupError("not a valid scenario: audit_guides.\(name) must be an object") }
            return (name, document)
        }
    }

    var ids: [String] { guides.map(\.name) }

    func populate(_ tenant: Tenant) async throws(APIError) {
        let store = try tenant.auditGuides
        for guide in guides { try await store.put(reading: guide.document, as: guide.name) }
    }
}
