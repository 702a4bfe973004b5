import Foundation
import MockPlatformKit

/// What one report reads: a tenant's traces since its last reset (or since `since`) in
/// recorded order, the subjects they name, and what the logs lost to their bounds.
package struct AuditRun: Sendable {
    /// Every trace of the run, in `AuditTrace.inOrder` order.
    package let traces: [AuditTrace]
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
    /// Each subject's traces, in order: made once, so that a report over many subjects reads
    /// each trace once per subject it names rather than every trace per rule.
    private let bySubject: [String: [AuditTrace]]
    /// The traces that name no subject (a supported-state check, locations), in order.
    package let tenantWide: [AuditTrace]
    /// Every subject a trace names, sorted, then `backend` when the run has any trace.
    package let subjects: [String]
    /// By `Authorization`, the first request of each client UUID that sent it: which UUIDs one
    /// app used.
    package let clientsByAuthorization: [String: [AuditTrace]]

    package init(
        traces: [AuditTrace], cutOff: Bool, truncated: Set<AuditTrace.Kind>, journalWindowStarts: Date?, now: Date, tenantNow: Date,
        since: Date, settings: [String: JSONValue], zipcodes: ZipDirectory
    ) {
        self.traces = traces
        self.cutOff = cutOff
        self.truncated = truncated
        self.journalWindowStarts = journalWindowStarts
        self.now = now
        self.tenantNow = tenantNow
        self.since = since
        self.settings = settings
        self.zipcodes = zipcodes
        var bySubject: [String: [AuditTrace]] = [:], tenantWide: [AuditTrace] = [], clients: [String: [AuditTrace]] = [:]
        for trace in traces {
            if trace.subjects.isEmpty { tenantWide.append(trace) }
            for subject in trace.subjects { bySubject[subject, default: []].append(trace) }
            if let request = trace.request, let uuid = request.parameters["clientUuid"], let app = request.authorization,
               !(clients[app] ?? []).contains(where: { $0.request?.parameters["clientUuid"] == uuid }) {
                clients[app, default: []].append(trace)
            }
        }
        clientsByAuthorization = clients
        self.bySubject = bySubject
        self.tenantWide = tenantWide
        subjects = bySubject.keys.sorted() + (traces.isEmpty ? [] : [AuditSubject.backend])
    }

    /// The traces of `subject` (every trace for `backend`), in order.
    package func traces(of subject: String) -> [AuditTrace] {
        subject == AuditSubject.backend ? traces : bySubject[subject] ?? []
    }

    /// The traces of `subject` and those that name no subject, in order.
    package func tracesWithTenantWide(of subject: String) -> [AuditTrace] {
        guard subject != AuditSubject.backend else { return traces }
        let own = traces(of: subject)
        var merged: [AuditTrace] = []
        merged.reserveCapacity(own.count + tenantWide.count)
        var next = 0
        for trace in own {
            while next < tenantWide.count, AuditTrace.inOrder(tenantWide[next], trace) {
                merged.append(tenantWide[next])
                next += 1
            }
            merged.append(trace)
        }
        return merged + tenantWide[next...]
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
