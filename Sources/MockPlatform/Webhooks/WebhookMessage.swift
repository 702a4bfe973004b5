import Foundation

/// One (event, endpoint) pair of the delivery log, with its attempts (`openapi/control.yaml`
/// WebhookMessage). Its id is the `webhook-id` of every attempt.
public struct WebhookMessage: Sendable, Equatable, Codable {
    public enum Status: String, Sendable, Codable, CaseIterable {
        case pending, delivered, failed
    }

    public var id: String
    public var event: EventKind
    public var eventID: String
    public var endpointID: String
    /// Tenant-clock instant the event was recorded.
    public var createdAt: Date
    public var status: Status
    /// The exact body sent.
    public var payload: JSONValue
    public var attempts: [WebhookAttempt] = []
    /// Attempts made in the current round (a replay starts a new round).
    public var roundAttempts = 0
}
