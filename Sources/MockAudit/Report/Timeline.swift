import Foundation
import MockPlatformKit

/// One subject's traces as a story (`openapi/control.yaml` Timeline): in the audit's order,
/// each with the ids it was caused by and caused.
package enum Timeline {
    /// One item of the story.
    package struct Item: Sendable {
        package var trace: AuditTrace
        package var causedBy: [String]
        package var causes: [String]
    }

    /// The most items a timeline answers.
    package static let maxItems = 1_000

    /// The newest `limit` traces of `subject` with their cause links: an event causes its
    /// webhook attempts and the pushes recorded after it for its driver at its tenant instant;
    /// a write answered 2xx causes the pushes that follow it for its subject (a reward applied,
    /// then its pass's update push) when no event does.
    package static func items(of run: AuditRun, subject: String, limit: Int) -> [Item] {
        var causedBy: [String: [String]] = [:], causes: [String: [String]] = [:]
        func link(_ cause: AuditTrace, _ effect: AuditTrace) {
            causes[cause.id, default: []].append(effect.id)
            causedBy[effect.id, default: []].append(cause.id)
        }
        var eventsByID: [String: AuditTrace] = [:]
        var latestEvent: [[String]: AuditTrace] = [:], latestWrite: [String: AuditTrace] = [:]
        for trace in run.traces {
            if trace.event != nil {
                eventsByID[trace.id] = trace
                latestEvent[trace.subjects] = trace
            } else if let delivery = trace.delivery {
                if let event = eventsByID[delivery.eventID] { link(event, trace) }
            } else if trace.push != nil {
                if let event = latestEvent[trace.subjects], event.tenantAt == trace.tenantAt {
                    link(event, trace)
                } else if let write = trace.subjects.compactMap({ latestWrite[$0] }).max(by: AuditTrace.inOrder) {
                    link(write, trace)
                }
            } else if let request = trace.request, request.method != "GET", (200...299).contains(request.status) {
                for subject in trace.subjects { latestWrite[subject] = trace }
            }
        }
        return run.traces(of: subject).suffix(min(limit, maxItems)).map { trace in
            Item(trace: trace, causedBy: causedBy[trace.id] ?? [], causes: causes[trace.id] ?? [])
        }
    }
}
