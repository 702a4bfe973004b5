import Foundation

/// Something a platform did that its integrators hear about, with the exact webhook body
/// already built (`openapi/iql.yaml`, webhooks). The tenant's event log records it; the webhook
/// sender and the push outbox consume it.
package struct PlatformEvent: Sendable, Equatable, Codable {
    /// Stable id: the payload's `webhook_event_id` when it has one, else a fresh UUID.
    package var id: String
    package var kind: EventKind
    /// What the event is about, as its module names it (IQL's events: the driver id); the
    /// control API lists and filters it as `driver_id`.
    package var subject: String
    /// Tenant-clock instant of the event.
    package var createdAt: Date
    /// The webhook body, exactly as it will be sent.
    package var payload: JSONValue
    /// Position in the tenant's event log, from 1; set when the log records the event.
    package var sequence: UInt64 = 0
    /// The wall-clock instant the log recorded the event (the audit orders every log's traces
    /// by when the mock recorded them); nil in a state document written before it was kept.
    package var recordedAt: Date?

    package init(id: String, kind: EventKind, subject: String, createdAt: Date, payload: JSONValue) {
        self.id = id
        self.kind = kind
        self.subject = subject
        self.createdAt = createdAt
        self.payload = payload
    }

    /// About the bytes the event takes in a state document (`TenantStorage`).
    package var storedSize: Int { 120 + id.utf8.count + subject.utf8.count + payload.storedSize }

    /// A state document keeps the subject under its first name, `driverID`.
    private enum CodingKeys: String, CodingKey {
        case id, kind, createdAt, payload, sequence, recordedAt
        case subject = "driverID"
    }
}
