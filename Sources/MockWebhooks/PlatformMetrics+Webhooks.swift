import MockPlatformKit
import Prometheus

extension PlatformMetrics {
    static var webhookAttempts: MetricNameDescriptor {
        descriptor("webhook_attempts", help: "Webhook attempts by outcome: delivered (2xx), http_error (another status), network_error (no answer), fault (a fault rule failed it).")
    }
    static var webhookMessagesDropped: MetricNameDescriptor {
        descriptor("webhook_messages_dropped", help: "Undelivered webhook messages dropped to keep a tenant's message log within its bound.")
    }

    /// Counts one finished webhook attempt.
    func recordWebhookAttempt(_ outcome: WebhookAttemptOutcome) {
        registry.makeCounter(descriptor: Self.webhookAttempts, labels: [("outcome", outcome.rawValue)]).increment()
    }

    /// Counts undelivered webhook messages dropped from a full log.
    func recordWebhookMessagesDropped(_ count: Int) {
        registry.makeCounter(descriptor: Self.webhookMessagesDropped).increment(by: Int64(count))
    }
}
