import MockPlatformCore
import Prometheus

extension PlatformMetrics {
    package static var limitRejections: MetricNameDescriptor {
        descriptor("limit_rejections", help: "Requests refused by a limit on hostile input, by limit (path_glob, quota_<collection>, wallet_log, ...).")
    }

    /// Counts one request refused by `limit`.
    package func recordLimitRejection(_ limit: LimitRejection) {
        registry.makeCounter(descriptor: Self.limitRejections, labels: [("limit", limit.rawValue)]).increment()
    }
}
