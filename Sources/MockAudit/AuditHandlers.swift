import AuditControlAPI
import Foundation
import MockPlatformKit
import OpenAPIRuntime

/// The audit's operations (`openapi/control.yaml`, tag audit): the report and its JUnit form,
/// the timeline, and the guides under `/_mock/audit/guides`, built-in and the tenant's own.
struct AuditHandlers: APIProtocol {
    let builtIn: BuiltInGuides
    let reports: AuditReportHandlers

    /// The guide named by the path is well-formed, and a PUT's body passes `GuideReader` with
    /// the server's operations and kinds; a built-in guide's name cannot be written.
    static func rules(builtIn: BuiltInGuides, operations: [String: Set<String>]) -> [String: OperationRule] {
        let named = OperationRule.check { request in _ = try guideName(request, builtIn: builtIn, writing: false) }
        return [
            Operations.GetAuditGuide.id: named,
            Operations.DeleteAuditGuide.id: .check { request in _ = try guideName(request, builtIn: builtIn, writing: true) },
            Operations.PutAuditGuide.id: .validating(into: arrivingGuide) { request in
                _ = try guideName(request, builtIn: builtIn, writing: true)
                let reader = GuideReader(vocabulary: AuditVocabulary(operations: operations, kinds: try Tenant.knownKinds()))
                return try reader.guide(request.json)
            },
        ]
    }

    private static let arrivingGuide = RuleValue<AuditGuide>()

    /// The path's guide name: 400 when it is not lower-case kebab-case; 409 when `writing` to a
    /// built-in guide.
    private static func guideName(_ request: RawRequest, builtIn: BuiltInGuides, writing: Bool) throws(APIError) -> String {
        let name = request.pathParameters["name"] ?? ""
        guard GuideReader.isGuideName(name) else {
            throw .badRequest("name must be lower-case kebab-case of at most \(GuideReader.maxName) characters", field: "name")
        }
        if writing, builtIn.guide(named: name) != nil {
            throw APIError(.conflict, "\(name) is a built-in guide: it cannot be replaced or removed (store your own under another name)")
        }
        return name
    }

    func listAuditGuides(_ input: Operations.ListAuditGuides.Input) async throws -> Operations.ListAuditGuides.Output {
        let own = try await Tenant.bound().auditGuides.guides
        let entries = builtIn.guides.map { ($0.name, true, $0.guide) } + own.map { ($0.name, false, $0.guide) }
        return .ok(.init(body: .json(.init(guides: entries.map { name, builtIn, guide in
            .init(name: name, builtIn: builtIn, version: guide.version, title: guide.title, rules: guide.rules.count)
        }))))
    }

    func getAuditGuide(_ input: Operations.GetAuditGuide.Input) async throws -> Operations.GetAuditGuide.Output {
        let name = input.path.name
        if let guide = builtIn.guide(named: name) { return .ok(.init(body: .json(try Self.entry(name, builtIn: true, guide)))) }
        guard let guide = try await Tenant.bound().auditGuides.guide(named: name) else { throw APIError.notFound("no audit guide \(name)") }
        return .ok(.init(body: .json(try Self.entry(name, builtIn: false, guide))))
    }

    func putAuditGuide(_ input: Operations.PutAuditGuide.Input) async throws -> Operations.PutAuditGuide.Output {
        let guide = try Self.arrivingGuide.current()
        let created = try await Tenant.bound().auditGuides.put(guide, as: input.path.name)
        let entry = try Self.entry(input.path.name, builtIn: false, guide)
        return created ? .created(.init(body: .json(entry))) : .ok(.init(body: .json(entry)))
    }

    func deleteAuditGuide(_ input: Operations.DeleteAuditGuide.Input) async throws -> Operations.DeleteAuditGuide.Output {
        try await Tenant.bound().auditGuides.remove(input.path.name)
        return .noContent(.init())
    }

    func getAuditReport(_ input: Operations.GetAuditReport.Input) async throws -> Operations.GetAuditReport.Output {
        let query = input.query
        let report = try await reports.report(.init(
            guide: query.guide, subject: query.subject, since: query.since, severity: query.severity?.rawValue, limit: query.limit,
            offset: query.offset
        ))
        if Self.prefersXML(Tenant.binding?.headers[.accept]) { return .ok(.init(body: .xml(HTTPBody(JUnitReport.xml(of: report))))) }
        return .ok(.init(body: .json(report.schema)))
    }

    func getAuditJUnit(_ input: Operations.GetAuditJUnit.Input) async throws -> Operations.GetAuditJUnit.Output {
        let query = input.query
        let report = try await reports.report(.init(
            guide: query.guide, subject: query.subject, since: query.since, severity: query.severity?.rawValue, limit: query.limit,
            offset: query.offset
        ))
        return .ok(.init(body: .xml(HTTPBody(JUnitReport.xml(of: report)))))
    }

    func getTimeline(_ input: Operations.GetTimeline.Input) async throws -> Operations.GetTimeline.Output {
        let subject = input.query.subject
        let items = try await reports.timeline(subject: subject, since: input.query.since, limit: input.query.limit)
        return .ok(.init(body: .json(.init(subject: subject, items: items.map(\.schema)))))
    }

    /// Whether an `Accept` field ranks XML (`application/xml`, `text/xml`) above JSON. The
    /// front door hides `Accept` from the generated operations (every other route has one
    /// media type), so the report reads it from the request's binding.
    static func prefersXML(_ accept: String?) -> Bool {
        var best: (xml: Bool, quality: Double)?
        for item in (accept ?? "").split(separator: ",") {
            let parts = item.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
            guard let type = parts.first else { continue }
            let quality = parts.dropFirst().first { $0.hasPrefix("q=") }.flatMap { Double($0.dropFirst(2)) } ?? 1
            let xml = type == "application/xml" || type == "text/xml"
            guard xml || ["application/json", "application/*", "*/*"].contains(type), quality > (best?.quality ?? 0) else { continue }
            best = (xml, quality)
        }
        return best?.xml ?? false
    }

    /// A guide as the generated schema type, through its JSON form.
    private static func entry(_ name: String, builtIn: Bool, _ guide: AuditGuide) throws -> Components.Schemas.AuditGuideEntry {
        .init(name: name, builtIn: builtIn, guide: try JSONDecoder().decode(Components.Schemas.AuditGuide.self, from: JSONEncoder().encode(guide)))
    }
}
