import Foundation

/// A store whose records the integration audit reads besides the runtime's own logs (the
/// journal, the event log, the outbox): the webhook sender's attempts, the wallet's passes.
/// The audit imports no platform; a store says what it holds through this seam.
package protocol TraceSource: ModuleStore {
    /// What the store holds now, read in one isolated step.
    func traces() async -> StoreTraces
}

/// What a `TraceSource` gives the audit.
package struct StoreTraces: Sendable {
    /// Webhook attempts, in the order they were recorded.
    package var deliveries: [DeliveryTrace] = []
    /// Webhook endpoints as they were made (control requests are not journalled: an endpoint
    /// stands for the request that made it).
    package var endpoints: [EndpointTrace] = []
    /// Subjects a path parameter's value names, by `name=value` (`serialNumber=6337…` →
    /// `member:m1`): what a path alone cannot say, the store that issued the value can.
    package var aliases: [String: [String]] = [:]
    /// How many records the store gave up to its bounds.
    package var dropped = 0

    package init(deliveries: [DeliveryTrace] = [], endpoints: [EndpointTrace] = [], aliases: [String: [String]] = [:], dropped: Int = 0) {
        self.deliveries = deliveries
        self.endpoints = endpoints
        self.aliases = aliases
        self.dropped = dropped
    }
}

/// One webhook attempt as the audit sees it. A class: a report over full logs holds ten
/// thousand of them, each shared by its trace rather than copied into it.
package final class DeliveryTrace: Sendable {
    /// The message id (`webhook-id`) and the attempt's number in it: `msg_…#2`.
    package let id: String
    package let messageID: String
    package let attempt: Int
    /// The event delivered, its kind and the driver it names.
    package let eventID: String
    package let eventKind: String
    package let eventSubject: String?
    package let endpointID: String
    /// The wall-clock instant the attempt was recorded, and its tenant-clock start.
    package let recordedAt: Date
    package let tenantAt: Date
    /// Nil when no HTTP response came back.
    package let statusCode: Int?
    package let error: String?
    package let latencyMilliseconds: Int

    package init(
        messageID: String, attempt: Int, eventID: String, eventKind: String, eventSubject: String?, endpointID: String,
        recordedAt: Date, tenantAt: Date, statusCode: Int?, error: String?, latencyMilliseconds: Int
    ) {
        id = "\(messageID)#\(attempt)"
        self.messageID = messageID
        self.attempt = attempt
        self.eventID = eventID
        self.eventKind = eventKind
        self.eventSubject = eventSubject
        self.endpointID = endpointID
        self.recordedAt = recordedAt
        self.tenantAt = tenantAt
        self.statusCode = statusCode
        self.error = error
        self.latencyMilliseconds = latencyMilliseconds
    }

    /// The attempt about `subject` instead of the driver its payload names (itself when they
    /// agree).
    package func naming(_ subject: String?) -> DeliveryTrace {
        guard subject != eventSubject else { return self }
        return DeliveryTrace(
            messageID: messageID, attempt: attempt, eventID: eventID, eventKind: eventKind, eventSubject: subject, endpointID: endpointID,
            recordedAt: recordedAt, tenantAt: tenantAt, statusCode: statusCode, error: error, latencyMilliseconds: latencyMilliseconds
        )
    }
}

/// A webhook endpoint as it was made.
package struct EndpointTrace: Sendable {
    package var id: String
    package var url: String
    /// The event kinds it takes.
    package var events: [String]
    /// The wall-clock and tenant-clock instants it was made.
    package var recordedAt: Date
    package var tenantAt: Date

    package init(id: String, url: String, events: [String], recordedAt: Date, tenantAt: Date) {
        self.id = id
        self.url = url
        self.events = events
        self.recordedAt = recordedAt
        self.tenantAt = tenantAt
    }
}
