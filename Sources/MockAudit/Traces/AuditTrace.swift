import Foundation
import NIOCore
import MockPlatformKit

/// One thing the mock recorded, as the audit reads it: a request the journal kept, an event,
/// a webhook attempt or a push, with the subjects it is about and the facts a rule needs (a
/// request's fields, the answer it was given), so that no rule re-runs a request. A class:
/// a run sorts and groups tens of thousands of them, which moves one reference each.
package final class AuditTrace: Sendable {
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
    package let id: String
    package let kind: Kind
    /// When the mock recorded it (wall clock): the audit's order.
    package let recordedAt: Date
    /// The tenant clock's instant.
    package let tenantAt: Date
    /// Its position in its own log, which orders traces of one log recorded at one instant.
    package let position: UInt64
    /// `driver:<id>`, `member:<id>`, `client:<uuid>`; empty for a trace about the tenant only.
    package let subjects: [String]
    package let request: Request?
    package let event: Event?
    package let push: PushFacts?
    package let delivery: DeliveryTrace?

    package init(
        id: String, kind: Kind, recordedAt: Date, tenantAt: Date, position: UInt64, subjects: [String], request: Request? = nil,
        event: Event? = nil, push: PushFacts? = nil, delivery: DeliveryTrace? = nil
    ) {
        self.id = id
        self.kind = kind
        self.recordedAt = recordedAt
        self.tenantAt = tenantAt
        self.position = position
        self.subjects = subjects
        self.request = request
        self.event = event
        self.push = push
        self.delivery = delivery
    }

    /// A journalled request. A class, like the trace: rules read its fields many times.
    package final class Request: Sendable {
        package let operation: String?
        package let api: String?
        package let method: String
        package let path: String
        package let status: Int
        package let latencyMilliseconds: Double
        /// Path parameters under the spec's names, decoded.
        package let parameters: [String: String]
        package let query: [String: String]
        /// `Authorization`: which app a campaign call is.
        package let authorization: String?
        /// The body, when it was a JSON object within the journal's excerpt.
        package let body: JSONValue?
        /// The answer, for operations whose answers the journal keeps.
        package let answer: JSONValue?
        /// The answer's bytes as the journal keeps them (a kept answer may be cut, so not
        /// always JSON).
        package let answerBytes: ByteBuffer?
        /// The answer as text.
        package var answerText: String? { answerBytes.map { String(buffer: $0) } }
        package let hint: String?

        package init(
            operation: String?, api: String?, method: String, path: String, status: Int, latencyMilliseconds: Double,
            parameters: [String: String], query: [String: String], authorization: String?, body: JSONValue?, answer: JSONValue?,
            answerBytes: ByteBuffer?, hint: String?
        ) {
            self.operation = operation
            self.api = api
            self.method = method
            self.path = path
            self.status = status
            self.latencyMilliseconds = latencyMilliseconds
            self.parameters = parameters
            self.query = query
            self.authorization = authorization
            self.body = body
            self.answer = answer
            self.answerBytes = answerBytes
            self.hint = hint
        }

        /// A field by wire name or dotted path: the path's parameters, the query, the body,
        /// then the answer.
        package func field(_ name: String) -> JSONValue? {
            if let value = parameters[name] ?? query[name] { return .string(value) }
            if name == "operation" { return operation.map(JSONValue.string) }
            return body.flatMap { Self.value(at: name, in: $0) } ?? answer.flatMap { Self.value(at: name, in: $0) }
        }

        /// The member at a dotted path, read segment by segment without splitting the path.
        package static func value(at path: String, in root: JSONValue) -> JSONValue? {
            var node = root
            var rest = path[...]
            while let dot = rest.firstIndex(of: ".") {
                guard let next = node.objectValue?[String(rest[..<dot])] else { return nil }
                node = next
                rest = rest[rest.index(after: dot)...]
            }
            return node.objectValue?[String(rest)]
        }
    }

    /// A recorded event. A class, like the trace: a trace holds one of the four kinds of facts,
    /// by reference, rather than room for all four.
    package final class Event: Sendable {
        package let kind: String
        package let subject: String
        package let payload: JSONValue

        package init(kind: String, subject: String, payload: JSONValue) {
            self.kind = kind
            self.subject = subject
            self.payload = payload
        }
    }

    /// A push the outbox recorded.
    package final class PushFacts: Sendable {
        package let kind: String
        package let platform: MobilePlatform
        package let deviceToken: String
        package let holder: String?
        package let payload: JSONValue

        package init(kind: String, platform: MobilePlatform, deviceToken: String, holder: String?, payload: JSONValue) {
            self.kind = kind
            self.platform = platform
            self.deviceToken = deviceToken
            self.holder = holder
            self.payload = payload
        }
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

    /// `traces` in `inOrder` order (ties in the order given), sorted by plain keys: sorting the
    /// references themselves counted a reference on every move.
    package static func sorted(_ traces: [AuditTrace]) -> [AuditTrace] {
        let keys = traces.enumerated().map { index, trace in (trace.recordedAt.timeIntervalSinceReferenceDate, trace.kind.rank, trace.position, index) }
        return keys.sorted { $0 < $1 }.map { traces[$0.3] }
    }
}
