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

    /// Subjects are checked in slices of this many, the slices side by side.
    static let sliceSize = 100

    package func report(of run: AuditRun, tenant: String, _ request: Request) async -> AuditReport {
        var chosen: [String] = [], seen = Set<String>()
        for subject in request.subjects ?? run.subjects where seen.insert(subject).inserted { chosen.append(subject) }
        let page = Array(chosen.dropFirst(request.offset).prefix(min(request.limit, Self.maxSubjects)))
        // A verdict reads only the run, so slices of subjects are checked on every core at once;
        // the slices come back in the report's order.
        let (subjects, clientErrors) = await withTaskGroup(of: (Int, [AuditReport.Subject]).self) { group in
            for start in stride(from: 0, to: page.count, by: Self.sliceSize) {
                let slice = page[start..<min(start + Self.sliceSize, page.count)]
                group.addTask { (start, slice.map { Self.results(of: $0, in: run, request) }) }
            }
            let clientErrors = ClientErrors.grouped(run.traces)
            var slices: [(Int, [AuditReport.Subject])] = []
            for await slice in group { slices.append(slice) }
            return (slices.sorted { $0.0 < $1.0 }.flatMap(\.1), clientErrors)
        }
        let end = request.offset + page.count
        return AuditReport(
            tenant: tenant, since: run.since, until: run.now, journalWindowStarts: run.journalWindowStarts,
            truncated: AuditTrace.Kind.allCases.filter(run.truncated.contains).map(\.rawValue),
            guides: request.guides.map { ($0.name, $0.guide.version) }, subjects: subjects,
            nextOffset: end < chosen.count ? end : nil, clientErrors: clientErrors
        )
    }

    /// Every chosen rule of the subject's kind, guide by guide, with its verdict.
    private static func results(of subject: String, in run: AuditRun, _ request: Request) -> AuditReport.Subject {
        let evaluator = RuleEvaluator(run: run)
        let kind = AuditSubject.kind(of: subject)
        var results: [AuditReport.Result] = []
        for (name, guide) in request.guides {
            for rule in guide.rules where rule.subject == kind && (request.severity.map { rule.severity == $0 } ?? true) {
                results.append(.init(guide: name, rule: rule, verdict: evaluator.verdict(of: rule, for: subject)))
            }
        }
        return AuditReport.Subject(subject: subject, results: results)
    }
}
