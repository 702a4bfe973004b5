import Hummingbird
import Logging

/// The front door's outer layer: times every exchange of the `PlatformResponder` inside it,
/// counts it in the server's metrics by module, route template and status, and logs it as one
/// line (`RequestLogLine`: method, path, status, milliseconds and tenant, like Prism) at `requestLogLevel`
/// (`info`, or `debug` under `--quiet`), with the route and module as metadata, and counts it in
/// `activity`. A request that asks for `Connection: close` gets it in its answer.
package struct MeteredResponder: HTTPResponder {
    package typealias Context = PlatformRequestContext

    package let inner: PlatformResponder
    package let metrics: PlatformMetrics
    package let requestLogLevel: Logger.Level
    package let activity: RequestActivity

    package init(inner: PlatformResponder, metrics: PlatformMetrics, requestLogLevel: Logger.Level, activity: RequestActivity) {
        self.inner = inner
        self.metrics = metrics
        self.requestLogLevel = requestLogLevel
        self.activity = activity
    }

    package func respond(to request: Request, context: Context) async throws -> Response {
        let started = ContinuousClock.now
        let resolved = inner.resolve(request)
        var response = await inner.respond(to: request, context: context, resolved: resolved)
        if Self.asksToClose(request) { response.headers[.connection] = "close" }
        let elapsed = ContinuousClock.now - started
        let target = resolved.target
        // The API the request was for: its document (`control` for the webhooks module's routes).
        let module = resolved.module?.module.document ?? "none"
        let route = resolved.route.path ?? "unmatched"
        let status = response.status.code
        metrics.recordRequest(module: module, route: route, method: request.method.rawValue, status: status, duration: elapsed)
        activity.noteAnswered()
        context.logger.log(
            request: RequestLogLine(
                method: request.method.rawValue, path: target.path, status: status, elapsed: elapsed,
                tenant: target.tenant?.rawValue, route: route, module: module
            ),
            level: requestLogLevel,
            // The server's line, whichever of its targets writes it: `[MockPlatform]`.
            source: "MockPlatform"
        )
        return response
    }

    /// Whether the request carries the `close` connection option: the server closes the
    /// connection after answering, and says so (RFC 9112 §9.6), so the client sends nothing
    /// more on it. The fields are scanned in place: most requests have no `Connection` field,
    /// and every request is asked.
    package static func asksToClose(_ request: Request) -> Bool {
        request.headers.contains { field in
            field.name == .connection
                && field.value.split(separator: ",").contains { $0.trimmingCharacters(in: .whitespaces).lowercased() == "close" }
        }
    }
}
