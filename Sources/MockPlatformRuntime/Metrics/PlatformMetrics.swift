import Foundation
import Prometheus
import Synchronization

/// The server's Prometheus metrics (`openapi/control.yaml` getMetrics), in a registry of its own
/// (not the process-wide metrics system), so that servers in one process count apart.
///
/// Counters and the histogram are updated as requests finish (atomics in swift-prometheus), and
/// a module may count its own work in the same registry (the webhooks module's attempts); a request's collectors are looked up once per label set and kept here, so
/// the hot path does one dictionary lookup instead of the registry's name and label validation.
/// The tenant and outbox gauges are read when the metrics are scraped. (`MetricNameDescriptor`
/// is not `Sendable`, so the descriptors are made on use.) Labels are bounded: routes are
/// OpenAPI path templates, and tenants are never a label.
package final class PlatformMetrics: Sendable {
    package let registry = PrometheusCollectorRegistry()
    /// The request counter and duration histogram of every label set seen so far.
    private let requestCollectors = Mutex<[RequestSeries: RequestCollectors]>([:])

    /// The labels of one request series.
    private struct RequestSeries: Hashable {
        let module: String
        let route: String
        let method: String
        let status: Int
    }

    private struct RequestCollectors: Sendable {
        let count: Counter
        let duration: DurationHistogram
    }

    package static var requests: MetricNameDescriptor {
        descriptor("http_requests", help: "Requests answered, by module, OpenAPI route template (unmatched for no route), method and status.")
    }
    package static var duration: MetricNameDescriptor {
        descriptor("http_request_duration", unit: "seconds", help: "Time from a request's head to its response, injected fault latency included, by module.")
    }
    package static var outbox: MetricNameDescriptor {
        descriptor("outbox_pushes", unit: "", help: "Pushes held in the outboxes of all tenants now.")
    }
    package static var tenants: MetricNameDescriptor {
        descriptor("tenants", unit: "", help: "Tenants that exist now, default included.")
    }
    /// A metric of this server's namespace: `mockplatform_<name>_<unit>`.
    package static func descriptor(_ name: String, unit: String = "total", help: String) -> MetricNameDescriptor {
        MetricNameDescriptor(namespace: "mockplatform", metricName: name, unitName: unit, helpText: help)
    }

    /// Histogram buckets, in seconds, from a fast mock answer to a slow-network fault.
    package static let buckets: [Duration] = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10].map { .microseconds(Int64($0 * 1_000_000)) }

    package init() {}

    /// Counts one answered request.
    package func recordRequest(module: String, route: String, method: String, status: Int, duration: Duration) {
        let series = RequestSeries(module: module, route: route, method: method, status: status)
        let collectors = requestCollectors.withLock { known in
            if let collectors = known[series] { return collectors }
            let collectors = RequestCollectors(
                count: registry.makeCounter(
                    descriptor: Self.requests, labels: [("module", module), ("route", route), ("method", method), ("status", String(status))]
                ),
                duration: registry.makeDurationHistogram(descriptor: Self.duration, labels: [("module", module)], buckets: Self.buckets)
            )
            known[series] = collectors
            return collectors
        }
        collectors.count.increment()
        collectors.duration.record(duration)
    }

    /// The exposition text (format 0.0.4), with the gauges read from `tenants` now.
    package func exposition(tenants: [Tenant]) -> String {
        registry.makeGauge(descriptor: Self.tenants).set(Double(tenants.count))
        registry.makeGauge(descriptor: Self.outbox).set(Double(tenants.reduce(0) { $0 + $1.runtime.outbox.count }))
        return registry.emitToString()
    }
}
