import Foundation
import MockPlatformKit

/// One thing the mock recorded, as the audit reads it: a request the journal kept, an event,
/// a webhook attempt or a push, with the subjects it is about and the facts a rule needs (a
/// request's fields, the answer it was given), so that no rule re-runs a request.
package struct AuditTrace: Sendable {
    /// Which log the trace comes from; also the order of traces recorded at one instant.
    package enum Kind: String, Sendable, CaseIterable {
        case request, event, push, delivery

        /// A request comes before the event it caused, an event before its push and attempts.
        var rank: Int {
            switch self {
            case .request: 0
            case .event: 1
            case .push: 2
            case .delivery: 3
            }
        }
    }

    /// The id the trace's own log lists it by (`req_…`, the event id, the push id, `msg_…#n`).
    package var id: String
    package var kind: Kind
    /// When the mock recorded it (wall clock): the audit's order.
    package var recordedAt: Date
    /// The tenant clock's instant.
    package var tenantAt: Date
    /// Its position in its own log, which orders traces of one log recorded at one instant.
    package var position: UInt64
    /// `driver:<id>`, `member:<id>`, `client:<uuid>`; empty for a trace about the tenant only.
    package var subjects: [String]
    package var request: Request?
    package var event: Event?
    package var push: PushFacts?
    package var delivery: DeliveryTrace?

    /// A journalled request.
    package struct Request: Sendable {
        package var operation: String?
        package var api: String?
        package var method: String
        package var path: String
        package var status: Int
        package var latencyMilliseconds: Double
        /// Path parameters under the spec's names, decoded.
        package var parameters: [String: String]
        package var query: [String: String]
        package var headers: [String: String]
        /// The body, when it was a JSON object within the journal's excerpt.
        package var body: JSONValue?
        /// The answer, for operations whose answers the journal keeps.
        package var answer: JSONValue?
        /// The answer's text (a kept answer may be cut, so not always JSON).
        package var answerText: String?
        package var hint: String?

        /// A field by wire name or dotted path: the path's parameters, the query, the body,
        /// then the answer.
        package func field(_ name: String) -> JSONValue? {
            if let value = parameters[name] ?? query[name] { return .string(value) }
            if name == "operation" { return operation.map(JSONValue.string) }
            return body.flatMap { Self.value(at: name, in: $0) } ?? answer.flatMap { Self.value(at: name, in: $0) }
        }

        /// The member at a dotted path.
        package static func value(at path: String, in root: JSONValue) -> JSONValue? {
            var node = root
            for key in path.split(separator: ".") {
                guard let next = node.objectValue?[String(key)] else { return nil }
                node = next
            }
            return node
        }
    }

    /// A recorded event.
    package struct Event: Sendable {
        package var kind: String
        package var subject: String
        package var payload: JSONValue
    }

    /// A push the outbox recorded.
    package struct PushFacts: Sendable {
        package var kind: String
        package var platform: MobilePlatform
        package var deviceToken: String
        package var holder: String?
        package var payload: JSONValue
    }

    /// A field of the trace by wire name, for `where` and `join`.
    package func field(_ name: String) -> JSONValue? {
        if let request { return request.field(name) }
        if let event { return name == "driver_id" ? .string(event.subject) : Request.value(at: name, in: event.payload) }
        if let push { return Request.value(at: name, in: push.payload) }
        if let delivery, name == "driver_id" { return delivery.eventSubject.map(JSONValue.string) }
        return nil
    }

    /// The traces' one order: when recorded, then by log, then by position in the log.
    package static func inOrder(_ lhs: AuditTrace, _ rhs: AuditTrace) -> Bool {
        if lhs.recordedAt != rhs.recordedAt { return lhs.recordedAt < rhs.recordedAt }
        if lhs.kind != rhs.kind { return lhs.kind.rank < rhs.kind.rank }
        return lhs.position < rhs.position
    }
}
