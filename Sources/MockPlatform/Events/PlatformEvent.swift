import Foundation

/// Something a platform did that its integrators hear about, with the exact webhook body
/// already built (`openapi/iql.yaml`, webhooks). The tenant's event log records it; the webhook
/// sender and the push outbox consume it.
package struct PlatformEvent: Sendable, Equatable, Codable {
    /// Stable id: the payload's `webhook_event_id` when it has one, else a fresh UUID.
    package var id: String
    package var kind: EventKind
    package var driverID: String
    /// Tenant-clock instant of the event.
    package var createdAt: Date
    /// The webhook body, exactly as it will be sent.
    package var payload: JSONValue
    /// Position in the tenant's event log, from 1; set when the log records the event.
    package var sequence: UInt64 = 0

    package init(id: String, kind: EventKind, driverID: String, createdAt: Date, payload: JSONValue) {
        self.id = id
        self.kind = kind
        self.driverID = driverID
        self.createdAt = createdAt
        self.payload = payload
    }
}
