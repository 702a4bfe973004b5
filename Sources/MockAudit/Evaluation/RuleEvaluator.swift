import Foundation
import MockPlatformKit

/// Checks rules against one run's traces: a verdict per rule and subject, a function of the
/// traces (and, for a running deadline, of now) alone.
package struct RuleEvaluator: Sendable {
    package let run: AuditRun

    package init(run: AuditRun) { self.run = run }

    /// The verdict of `rule` for `subject` (a subject of the rule's kind).
    package func verdict(of rule: AuditRule, for subject: String) -> AuditVerdict {
        let own = run.traces(of: subject)
        switch rule.template {
        case .existence: return existence(rule, own)
        case .precedence: return precedence(rule, subject: subject, own)
        case .response: return response(rule, subject: subject, own)
        case .spacing: return spacing(rule, own)
        case .consistency: return consistency(rule, subject: subject, own)
        }
    }

    private func existence(_ rule: AuditRule, _ own: [AuditTrace]) -> AuditVerdict {
        if let found = own.first(where: rule.step.matches) { return AuditVerdict(.pass, evidence: [found.id]) }
        if run.mayMiss(rule.step.logs) {
            return AuditVerdict(.inconclusive, "no \(rule.step.summary) in the run; the logs no longer hold its start")
        }
        return AuditVerdict(.fail, "expected \(rule.step.summary) at least once; there was none")
    }

    private func precedence(_ rule: AuditRule, subject: String, _ own: [AuditTrace]) -> AuditVerdict {
        guard let before = rule.before else { return AuditVerdict(.notExercised) }
        let steps = own.filter(rule.step.matches)
        guard !steps.isEmpty else { return AuditVerdict(.notExercised) }
        let candidates = earlierCandidates(subject: subject, joined: rule.join != nil).filter(before.matches)
        var evidence: [String] = []
        for step in steps {
            if let earlier = candidates.last(where: { AuditTrace.inOrder($0, step) && Self.joined(rule.join, $0, step) }) {
                evidence += [earlier.id, step.id]
                continue
            }
            if run.mayMiss(before.logs) {
                return AuditVerdict(
                    .inconclusive, "no \(before.summary) before \(step.summary) in the logs, which no longer hold the run's start",
                    evidence: [step.id]
                )
            }
            var message = "expected \(before.summary) before \(step.summary); there was none"
            var cited = [step.id]
            if let late = candidates.first(where: { AuditTrace.inOrder(step, $0) && Self.joined(rule.join, $0, step) }) {
                message += ", only later: \(late.summary) at \(Self.instant(late.recordedAt))"
                cited.append(late.id)
            } else if let other = candidates.last(where: { AuditTrace.inOrder($0, step) }), let join = rule.join {
                message += "; the nearest, \(other.summary), has " + Self.joinedFields(join, other)
                cited.append(other.id)
            }
            return AuditVerdict(.fail, message, evidence: cited)
        }
        return AuditVerdict(.pass, evidence: evidence)
    }

    private func response(_ rule: AuditRule, subject: String, _ own: [AuditTrace]) -> AuditVerdict {
        guard let trigger = rule.trigger, let within = rule.within.flatMap(Self.seconds) else { return AuditVerdict(.notExercised) }
        let clock = rule.clock ?? .wall
        let triggers = own.filter(trigger.matches)
        guard !triggers.isEmpty else { return AuditVerdict(.notExercised) }
        let steps = own.filter(rule.step.matches)
        var evidence: [String] = [], pending: AuditVerdict?
        for fired in triggers {
            let start = time(of: fired, on: clock)
            let next = steps.first { AuditTrace.inOrder(fired, $0) && Self.joined(rule.join, fired, $0) }
            if let next, time(of: next, on: clock).timeIntervalSince(start) <= within {
                evidence += [fired.id, next.id]
                continue
            }
            let deadline = start.addingTimeInterval(within)
            if next == nil, now(on: clock) < deadline {
                pending = pending ?? AuditVerdict(
                    .pending, "waiting until \(Self.instant(deadline)) (\(clock.rawValue) clock) for \(rule.step.summary) after \(fired.summary)",
                    evidence: [fired.id]
                )
                continue
            }
            var message = "expected \(rule.step.summary) within \(rule.within ?? "") of \(fired.summary)"
            var cited = [fired.id]
            if let next {
                message += "; it came \(Self.span(time(of: next, on: clock).timeIntervalSince(start))) after: \(next.summary)"
                cited.append(next.id)
            } else if let elsewhere = run.traces.first(where: { AuditTrace.inOrder(fired, $0) && rule.step.matches($0) && !$0.subjects.contains(subject) }) {
                message += "; there was none for \(subject), the nearest was for another subject: \(elsewhere.summary) at \(Self.instant(elsewhere.recordedAt))"
                cited.append(elsewhere.id)
            } else {
                message += "; there was none"
            }
            return AuditVerdict(.fail, message, evidence: cited)
        }
        return pending ?? AuditVerdict(.pass, evidence: evidence)
    }

    private func spacing(_ rule: AuditRule, _ own: [AuditTrace]) -> AuditVerdict {
        guard let atLeast = rule.atLeast.flatMap(Self.seconds) else { return AuditVerdict(.notExercised) }
        let clock = rule.clock ?? .wall
        let steps = own.filter(rule.step.matches)
        guard !steps.isEmpty else { return AuditVerdict(.notExercised) }
        for (earlier, later) in zip(steps, steps.dropFirst()) {
            let gap = abs(time(of: later, on: clock).timeIntervalSince(time(of: earlier, on: clock)))
            if gap < atLeast {
                return AuditVerdict(
                    .fail,
                    "expected \(rule.step.summary) at most once every \(rule.atLeast ?? ""); two came \(Self.span(gap)) apart: \(earlier.summary), then \(later.summary)",
                    evidence: [earlier.id, later.id]
                )
            }
        }
        return AuditVerdict(.pass, evidence: steps.map(\.id))
    }

    private func consistency(_ rule: AuditRule, subject: String, _ own: [AuditTrace]) -> AuditVerdict {
        guard let check = rule.check else { return AuditVerdict(.notExercised) }
        let steps = own.filter(rule.step.matches)
        guard !steps.isEmpty else { return AuditVerdict(.notExercised) }
        let checker = ConsistencyCheck(check: check, run: run, subject: subject)
        var unknown: AuditVerdict?
        for step in steps {
            switch checker.result(for: step) {
            case .holds: continue
            case .fails(let message, let related): return AuditVerdict(.fail, message, evidence: [step.id] + related)
            case .unknown(let message): unknown = unknown ?? AuditVerdict(.inconclusive, message, evidence: [step.id])
            }
        }
        return unknown ?? AuditVerdict(.pass, evidence: steps.map(\.id))
    }

    /// Traces that may stand as an earlier step for `subject`: its own, and when the rule joins
    /// by value the tenant's traces that name no subject.
    private func earlierCandidates(subject: String, joined: Bool) -> [AuditTrace] {
        joined ? run.tracesWithTenantWide(of: subject) : run.traces(of: subject)
    }

    /// Whether `earlier` and `later` agree on every field the join pairs.
    static func joined(_ join: [String: String]?, _ earlier: AuditTrace, _ later: AuditTrace) -> Bool {
        (join ?? [:]).allSatisfy { earlierField, laterField in
            guard let left = earlier.field(earlierField), let right = later.field(laterField) else { return false }
            return AuditStep.same(left, right)
        }
    }

    private static func joinedFields(_ join: [String: String], _ trace: AuditTrace) -> String {
        join.keys.sorted().map { "\($0) \(trace.field($0).map { $0.stringValue ?? $0.text } ?? "absent")" }.joined(separator: ", ")
    }

    private func time(of trace: AuditTrace, on clock: AuditRule.Clock) -> Date { clock == .wall ? trace.recordedAt : trace.tenantAt }
    private func now(on clock: AuditRule.Clock) -> Date { clock == .wall ? run.now : run.tenantNow }

    /// A duration in the flags' syntax, in seconds.
    static func seconds(_ text: String) -> TimeInterval? {
        Duration(flagText: text).map { Double($0.components.seconds) + Double($0.components.attoseconds) / 1e18 }
    }

    static func instant(_ date: Date) -> String { RFC3339.string(from: date) }

    /// A span as a person reads it: `750ms`, `3.2s`, `4m 10s`.
    static func span(_ seconds: TimeInterval) -> String {
        if seconds < 1 { return "\(Int((seconds * 1_000).rounded()))ms" }
        if seconds < 60 { return String(format: "%.1fs", seconds) }
        return "\(Int(seconds) / 60)m \(Int(seconds) % 60)s"
    }
}
