import Foundation
import MockPlatformKit

/// Makes a report from a run: every rule of the chosen guides, for every chosen subject of
/// the rule's kind.
package struct AuditReportBuilder: Sendable {
    /// What a report is asked for.
    package struct Request: Sendable {
        package var guides: [(name: String, guide: AuditGuide)]
        /// Nil: every subject the run names.
        package var subjects: [String]?
        package var severity: AuditRule.Severity?
        package var limit: Int
        package var offset: Int

        package init(guides: [(name: String, guide: AuditGuide)], subjects: [String]?, severity: AuditRule.Severity?, limit: Int, offset: Int) {
            self.guides = guides
            self.subjects = subjects
            self.severity = severity
            self.limit = limit
            self.offset = offset
        }
    }

    /// The most subjects one report answers.
    package static let maxSubjects = 1_000

    package init() {}

    package func report(of run: AuditRun, tenant: String, _ request: Request) -> AuditReport {
        let evaluator = RuleEvaluator(run: run)
        var chosen: [String] = []
        for subject in request.subjects ?? run.subjects where !chosen.contains(subject) { chosen.append(subject) }
        let page = chosen.dropFirst(request.offset).prefix(min(request.limit, Self.maxSubjects))
        let subjects = page.map { subject in
            let kind = AuditSubject.kind(of: subject)
            var results: [AuditReport.Result] = []
            for (name, guide) in request.guides {
                for rule in guide.rules where rule.subject == kind && (request.severity.map { rule.severity == $0 } ?? true) {
                    results.append(.init(guide: name, rule: rule, verdict: evaluator.verdict(of: rule, for: subject)))
                }
            }
            return AuditReport.Subject(subject: subject, results: results)
        }
        let end = request.offset + page.count
        return AuditReport(
            tenant: tenant, since: run.since, until: run.now, journalWindowStarts: run.journalWindowStarts,
            truncated: AuditTrace.Kind.allCases.filter(run.truncated.contains).map(\.rawValue),
            guides: request.guides.map { ($0.name, $0.guide.version) }, subjects: subjects,
            nextOffset: end < chosen.count ? end : nil, clientErrors: ClientErrors.grouped(run.traces)
        )
    }
}
