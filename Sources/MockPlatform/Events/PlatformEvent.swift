import Foundation

/// Something a platform did that its integrators hear about, with the exact webhook body
/// already built (`openapi/iql.yaml`, webhooks). The tenant's event log records it; the webhook
/// sender and the push outbox consume it.
public struct PlatformEvent: Sendable, Equatable, Codable {
    /// Stable id: the payload's `webhook_event_id` when it has one, else a fresh UUID.
    public var id: String
    public var kind: EventKind
    public var driverID: String
    /// Tenant-clock instant of the event.
    public var createdAt: Date
    /// The webhook body, exactly as it will be sent.
    public var payload: JSONValue
    /// Position in the tenant's event log, from 1; set when the log records the event.
    public var sequence: UInt64 = 0

    public init(id: String, kind: EventKind, driverID: String, createdAt: Date, payload: JSONValue) {
        self.id = id
        self.kind = kind
        self.driverID = driverID
        self.createdAt = createdAt
        self.payload = payload
    }
}
