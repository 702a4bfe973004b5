import AuditControlAPI
import MockPlatformKit

extension AuditReport {
    /// The report as the generated schema type (`openapi/control.yaml` AuditReport).
    var schema: Components.Schemas.AuditReport {
        let counts = counts
        return .init(
            tenant: tenant,
            run: .init(since: since, until: until, journalWindowStarts: journalWindowStarts, truncated: truncated),
            guides: guides.map { .init(name: $0.name, version: $0.version) },
            summary: .init(
                subjects: subjects.count, rules: verdicts, pass: counts[.pass] ?? 0, fail: counts[.fail] ?? 0,
                pending: counts[.pending] ?? 0, notExercised: counts[.notExercised] ?? 0, inconclusive: counts[.inconclusive] ?? 0,
                coverage: (coverage * 1_000).rounded() / 1_000
            ),
            subjects: subjects.map { subject in
                .init(subject: subject.subject, results: subject.results.map { result in
                    .init(
                        guide: result.guide, rule: result.rule, severity: result.severity == .must ? .must : .should,
                        verdict: Components.Schemas.AuditResult.VerdictPayload(rawValue: result.verdict.outcome.rawValue) ?? .inconclusive,
                        guideSection: result.guideSection, message: result.verdict.message, evidence: result.verdict.evidence
                    )
                })
            },
            nextOffset: nextOffset,
            clientErrors: clientErrors.map { .init(operation: $0.operation, status: $0.status, message: $0.message, count: $0.count, first: $0.first) }
        )
    }
}

extension Timeline.Item {
    /// The item as the generated schema type (`openapi/control.yaml` Timeline).
    var schema: Components.Schemas.Timeline.ItemsPayloadPayload {
        .init(
            kind: .init(rawValue: trace.kind.rawValue) ?? .request, id: trace.id, at: trace.recordedAt, tenantAt: trace.tenantAt,
            summary: trace.summary, causedBy: causedBy, causes: causes
        )
    }
}
