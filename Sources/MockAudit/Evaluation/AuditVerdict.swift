/// A rule's verdict for one subject, with the traces it rests on.
package struct AuditVerdict: Sendable, Equatable {
    /// What the traces say of the rule (`docs/audit.md`, verdicts).
    package enum Outcome: String, Sendable, CaseIterable {
        case pass, fail, pending
        case notExercised = "not_exercised"
        case inconclusive
    }

    package var outcome: Outcome
    /// What was expected and what was seen, for anything but a plain pass.
    package var message: String?
    /// The ids of the traces the verdict rests on, at most `maxEvidence`.
    package var evidence: [String]

    /// The most ids a verdict names.
    package static let maxEvidence = 8

    package init(_ outcome: Outcome, _ message: String? = nil, evidence: [String] = []) {
        self.outcome = outcome
        self.message = message
        var unique: [String] = []
        for id in evidence where !unique.contains(id) && unique.count < Self.maxEvidence { unique.append(id) }
        self.evidence = outcome == .notExercised ? [] : unique
    }
}
