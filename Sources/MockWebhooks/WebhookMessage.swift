import Foundation
import MockPlatformKit

/// One (event, endpoint) pair of the delivery log, with its attempts (`openapi/control.yaml`
/// WebhookMessage). Its id is the `webhook-id` of every attempt.
package struct WebhookMessage: Sendable, Equatable, Codable {
    package enum Status: String, Sendable, Codable, CaseIterable {
        case pending, delivered, failed
    }

    package var id: String
    package var event: EventKind
    package var eventID: String
    package var endpointID: String
    /// Tenant-clock instant the event was recorded.
    package var createdAt: Date
    package var status: Status
    /// The exact body sent.
    package var payload: JSONValue
    package var attempts: [WebhookAttempt] = []
    /// Attempts made in the current round (a replay starts a new round).
    package var roundAttempts = 0

    /// About the bytes the message takes in a state document (`TenantStorage`).
    var storedSize: Int {
        attempts.reduce(200 + id.utf8.count + eventID.utf8.count + endpointID.utf8.count + payload.storedSize) { $0 + $1.storedSize }
    }
}
