import MockPlatformKit

/// How one webhook attempt ended, as `mockplatform_webhook_attempts_total` labels it.
enum WebhookAttemptOutcome: String, Sendable {
    /// The receiver answered 2xx.
    case delivered
    /// The receiver answered another status.
    case httpError = "http_error"
    /// No answer: refused, reset, timed out.
    case networkError = "network_error"
    /// A webhook fault rule failed the attempt without sending it.
    case fault

    init(_ outcome: WebhookTransport.Outcome) {
        if outcome.injected {
            self = .fault
        } else if let status = outcome.statusCode {
            self = (200...299).contains(status) ? .delivered : .httpError
        } else {
            self = .networkError
        }
    }
}
