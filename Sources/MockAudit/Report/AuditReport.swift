import Foundation

/// A report of one run against guides (`openapi/control.yaml` AuditReport): a verdict per
/// rule and subject, the guides' versions, and the client's grouped errors.
package struct AuditReport: Sendable {
    /// One rule's verdict for one subject, with what the outputs say of the rule (not the rule
    /// itself: a report holds thousands of results).
    package struct Result: Sendable {
        package var guide: String
        package var rule: String
        package var severity: AuditRule.Severity
        package var guideSection: String
        package var doc: String
        package var verdict: AuditVerdict

        package init(guide: String, rule: AuditRule, verdict: AuditVerdict) {
            self.guide = guide
            self.rule = rule.id
            severity = rule.severity
            guideSection = rule.guideSection
            doc = rule.doc
            self.verdict = verdict
        }
    }

    /// One subject's verdicts, guide by guide in the guides' order.
    package struct Subject: Sendable {
        package var subject: String
        package var results: [Result]
    }

    /// 4xx answers of one operation, status and message.
    package struct ClientError: Sendable, Equatable {
        package var operation: String
        package var status: Int
        package var message: String
        package var count: Int
        package var first: String
    }

    package var tenant: String
    package var since: Date
    package var until: Date
    package var journalWindowStarts: Date?
    package var truncated: [String]
    package var guides: [(name: String, version: String)]
    package var subjects: [Subject]
    package var nextOffset: Int?
    package var clientErrors: [ClientError]

    /// Verdicts by outcome over the report's subjects.
    package var counts: [AuditVerdict.Outcome: Int] {
        var counts: [AuditVerdict.Outcome: Int] = [:]
        for subject in subjects { for result in subject.results { counts[result.verdict.outcome, default: 0] += 1 } }
        return counts
    }

    /// Verdicts given.
    package var verdicts: Int { subjects.reduce(0) { $0 + $1.results.count } }

    /// Verdicts other than not_exercised / verdicts; 0 for none.
    package var coverage: Double {
        verdicts == 0 ? 0 : Double(verdicts - (counts[.notExercised] ?? 0)) / Double(verdicts)
    }
}
