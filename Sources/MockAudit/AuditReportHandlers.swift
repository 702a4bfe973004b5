import AuditControlAPI
import Foundation
import HTTPTypes
import MockPlatformKit
import OpenAPIRuntime

/// The audit's report and timeline (`openapi/control.yaml`, tag audit): the tenant's logs read
/// when asked, checked against the chosen guides.
struct AuditReportHandlers: Sendable {
    let builtIn: BuiltInGuides
    let collector: TraceCollector

    /// The report of the bound tenant's run.
    func report(_ query: AuditReportQuery) async throws -> AuditReport {
        try Self.check(query)
        let tenant = try Tenant.bound()
        let store = try tenant.auditGuides
        var guides: [(name: String, guide: AuditGuide)] = []
        if let names = query.guide {
            for name in names where !guides.contains(where: { $0.name == name }) {
                let own = builtIn.guide(named: name) == nil ? await store.guide(named: name) : nil
                guard let guide = builtIn.guide(named: name) ?? own else {
                    throw APIError.badRequest("no audit guide \(name) (GET /_mock/audit/guides lists them)", field: "guide")
                }
                guides.append((name, guide))
            }
        } else {
            guides = builtIn.guides.map { ($0.name, $0.guide) } + (await store.guides).map { ($0.name, $0.guide) }
        }
        let severity = try query.severity.map { text throws(APIError) in
            guard let severity = AuditRule.Severity(rawValue: text) else { throw .badRequest("severity must be must or should", field: "severity") }
            return severity
        }
        let run = await collector.run(of: tenant, since: try Self.since(query.since, in: tenant))
        let report = await AuditReportBuilder().report(of: run, tenant: tenant.name.rawValue, .init(
            guides: guides, subjects: query.subject, severity: severity,
            limit: query.limit ?? AuditReportBuilder.maxSubjects, offset: query.offset ?? 0
        ))
        Self.release(consume run)
        return report
    }

    /// The report as JSON, written from the generated schema type by `JSONTextEncoder` with no
    /// tree in between: over full logs (2.7 MB of JSON) the generated encoder took 60–90 ms,
    /// this one 30. Nil for a request the generated handler answers (JUnit asked for by
    /// `Accept`, a query that is not plain text).
    func writtenReport(_ head: HTTPRequest) async throws -> Data? {
        guard !AuditHandlers.prefersXML(Tenant.binding?.headers[.accept]),
              let query = AuditReportQuery(plainTarget: head.path ?? "") else { return nil }
        let schema = try await report(query).schema
        return try JSONTextEncoder(dateText: RFC3339.string(from:)).encode(schema)
    }

    /// Lets a run's traces (tens of thousands of objects over full logs) go on another task,
    /// so that freeing them does not hold up the answer.
    private static func release(_ run: consuming AuditRun) {
        Task.detached(priority: .background) { [run] in _ = run.traces.count }
    }

    /// The timeline of one subject of the bound tenant.
    func timeline(subject: String, since: String?, limit: Int?) async throws -> [Timeline.Item] {
        if let limit, !(1...Timeline.maxItems).contains(limit) {
            throw APIError.badRequest("limit must be 1 to \(Timeline.maxItems)", field: "limit")
        }
        guard AuditSubject.kind(of: subject) != nil else {
            throw APIError.badRequest("subject must be driver:<id>, member:<id>, client:<uuid> or backend", field: "subject")
        }
        let tenant = try Tenant.bound()
        let run = await collector.run(of: tenant, since: try Self.since(since, in: tenant))
        return Timeline.items(of: run, subject: subject, limit: limit ?? Timeline.maxItems)
    }

    /// The bounds `openapi/control.yaml` gives the report's query (the generated code reads
    /// the values without checking them): 400 naming the parameter.
    static func check(_ query: AuditReportQuery) throws(APIError) {
        if let limit = query.limit, !(1...AuditReportBuilder.maxSubjects).contains(limit) {
            throw .badRequest("limit must be 1 to \(AuditReportBuilder.maxSubjects)", field: "limit")
        }
        if let offset = query.offset, !(0...maxOffset).contains(offset) {
            throw .badRequest("offset must be 0 to \(maxOffset)", field: "offset")
        }
        if (query.guide?.count ?? 0) > maxGuides { throw .badRequest("guide may be given at most \(maxGuides) times", field: "guide") }
        if (query.subject?.count ?? 0) > AuditReportBuilder.maxSubjects {
            throw .badRequest("subject may be given at most \(AuditReportBuilder.maxSubjects) times", field: "subject")
        }
    }

    /// The largest `offset`, and the most `guide` values, a report's query takes.
    static let maxOffset = 1_000_000
    static let maxGuides = 64

    /// `since` as an instant: RFC 3339 text, or the arrival of the journal's request `req_…`.
    static func since(_ text: String?, in tenant: Tenant) throws(APIError) -> Date? {
        guard let text else { return nil }
        if text.hasPrefix("req_") {
            guard let entry = tenant.runtime.journal.all.first(where: { $0.id == text }) else {
                throw .badRequest("since names no request the journal holds: \(text)", field: "since")
            }
            return entry.receivedAt
        }
        guard let instant = RFC3339.date(from: text) else {
            throw .badRequest("since must be an RFC 3339 instant or a journal id (req_…)", field: "since")
        }
        return instant
    }
}
