import Foundation
import MockPlatformKit

/// What one report reads: a tenant's traces since its last reset (or since `since`) in
/// recorded order, the subjects they name, and what the logs lost to their bounds.
package struct AuditRun: Sendable {
    /// Every trace of the run, in `AuditTrace.inOrder` order.
    package var traces: [AuditTrace]
    /// Traces recorded before the run's start, which a rule may not use: their presence makes
    /// a missing earlier step inconclusive rather than a failure.
    package var cutOff: Bool
    /// Logs that gave up entries to their bounds: the run's earliest traces may be gone.
    package var truncated: Set<AuditTrace.Kind>
    /// The oldest request the journal still holds, when it holds any.
    package var journalWindowStarts: Date?
    /// Now on the wall and the tenant clock.
    package var now: Date
    package var tenantNow: Date
    /// The run's first instant: the `since` asked for, else the tenant's start.
    package var since: Date
    /// The tenant's settings as their wire JSON (`webhook_timeout_ms`, `wallet_pass_type_id`).
    package var settings: [String: JSONValue]
    /// The ZIP directory the publisher's zip lookup uses.
    package var zipcodes: ZipDirectory

    /// Every subject a trace names, sorted, then `backend` when the run has any trace.
    package var subjects: [String] {
        var seen = Set<String>()
        for trace in traces { seen.formUnion(trace.subjects) }
        return seen.sorted() + (traces.isEmpty ? [] : [AuditSubject.backend])
    }

    /// The traces of `subject` (every trace for `backend`), in order.
    package func traces(of subject: String) -> [AuditTrace] {
        subject == AuditSubject.backend ? traces : traces.filter { $0.subjects.contains(subject) }
    }

    /// Whether a trace of `kind` recorded before the run's window may be missing.
    package func mayMiss(_ kinds: Set<AuditTrace.Kind>) -> Bool {
        cutOff || !truncated.isDisjoint(with: kinds)
    }
}

/// Subject names (`driver:<id>`, `member:<id>`, `client:<uuid>`, `backend`).
package enum AuditSubject {
    /// The tenant's one backend: every trace is its.
    package static let backend = "backend"

    /// The kind of a subject name.
    package static func kind(of subject: String) -> AuditRule.SubjectKind? {
        if subject == backend { return .backend }
        guard let colon = subject.firstIndex(of: ":") else { return nil }
        return AuditRule.SubjectKind(rawValue: String(subject[..<colon]))
    }
}
