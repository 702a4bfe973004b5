import HTTPTypes

/// What the routes make of one concrete path (`RouteCatalog.match`): the template that matches
/// it, if any, and the path's segments, from which the operation's path parameters are read.
package struct RouteMatch: Sendable {
    package let template: RouteCatalog.Template?
    /// The path's segments; none when the path named a template without parameters (found
    /// without splitting the path: there is nothing to read from them).
    package let segments: [Substring]

    /// The methods the path answers; empty when no route matches it.
    package var methods: [HTTPRequest.Method] { template?.methods ?? [] }

    /// The matching template as its spec writes it (the metrics' and log's route label).
    package var path: String? { template?.path }

    /// The operation answering `method` on this path.
    package func operation(for method: HTTPRequest.Method) -> RouteOperation? {
        template?.operations[method]
    }

    /// The path's parameters under the spec's names, as sent (percent-encoded); read only when
    /// the operation runs (a kept answer needs none).
    package var parameters: [String: Substring] {
        template?.parameters(of: segments) ?? [:]
    }
}
