import Prometheus

/// The hostile-input limits of a shared server (README "Sharing one instance") as metrics:
/// every request a limit refuses is counted by the limit's name, and every webhook message
/// the log's bound drops before it was delivered is counted too.
extension PlatformMetrics {
    static var limitRejections: MetricNameDescriptor {
        MetricNameDescriptor(
            namespace: "mockplatform", metricName: "limit_rejections", unitName: "total",
            helpText: "Requests refused by a limit on hostile input, by limit (quota_<collection>, wallet_log, member_id, ...)."
        )
    }
    static var webhookMessagesDropped: MetricNameDescriptor {
        MetricNameDescriptor(
            namespace: "mockplatform", metricName: "webhook_messages_dropped", unitName: "total",
            helpText: "Undelivered webhook messages dropped to keep a tenant's message log within its bound."
        )
    }

    /// Counts one request refused by the named limit.
    func recordLimitRejection(_ limit: String) {
        registry.makeCounter(descriptor: Self.limitRejections, labels: [("limit", limit)]).increment()
    }

    /// Counts undelivered webhook messages dropped from a full log.
    func recordWebhookMessagesDropped(_ count: Int) {
        registry.makeCounter(descriptor: Self.webhookMessagesDropped).increment(by: Int64(count))
    }
}
