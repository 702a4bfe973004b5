import Prometheus

/// A limit of `openapi/control.yaml` ("Limits and hostile input") a request ran into: the
/// `limit` label of `mockplatform_limit_rejections_total`.
public enum LimitRejection: String, Sendable, CaseIterable {
    /// A journal filter or fault `path` glob over its segment or `**` bound.
    case pathGlob = "path_glob"
    /// A JSON body nested deeper than `JSONParser.maxDepth`.
    case jsonDepth = "json_depth"
    /// Trigger `overrides` with too many keys or too deep a key.
    case triggerOverrides = "trigger_overrides"
    /// A state document (`PUT /_mock/state`) with a value out of range.
    case stateDocument = "state_document"
    /// A state-changing control request from another origin.
    case crossOrigin = "cross_origin"
}

extension PlatformMetrics {
    static var limitRejections: MetricNameDescriptor {
        MetricNameDescriptor(
            namespace: "mockplatform", metricName: "limit_rejections", unitName: "total",
            helpText: "Requests refused because they ran into a limit on hostile input, by limit."
        )
    }

    /// Counts one request refused by `limit`.
    func recordLimitRejection(_ limit: LimitRejection) {
        registry.makeCounter(descriptor: Self.limitRejections, labels: [("limit", limit.rawValue)]).increment()
    }
}
