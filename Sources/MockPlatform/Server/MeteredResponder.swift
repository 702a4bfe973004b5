import Hummingbird
import Logging

/// The front door's outer layer: times every exchange of the `PlatformResponder` inside it,
/// counts it in the server's metrics by module, route template and status, and logs it at
/// `debug` with structured metadata (tenant, method, path, route, status, latency).
struct MeteredResponder: HTTPResponder {
    typealias Context = PlatformRequestContext

    let inner: PlatformResponder
    let metrics: PlatformMetrics

    func respond(to request: Request, context: Context) async throws -> Response {
        let started = ContinuousClock.now
        let response = try await inner.respond(to: request, context: context)
        let elapsed = ContinuousClock.now - started
        let target = TenantPath(request.head.path?.prefix { $0 != "?" } ?? "/")
        let module = inner.modules.module(for: target.path)?.name ?? "none"
        let route = inner.routes.template(for: target.path) ?? "unmatched"
        let status = response.status.code
        metrics.recordRequest(module: module, route: route, method: request.method.rawValue, status: status, duration: elapsed)
        context.logger.debug("request", metadata: [
            "tenant": "\(target.tenant?.rawValue ?? "-")",
            "method": "\(request.method.rawValue)",
            "path": "\(target.path)",
            "route": "\(route)",
            "module": "\(module)",
            "status": "\(status)",
            "latency_ms": "\(Double(elapsed.components.seconds) * 1_000 + Double(elapsed.components.attoseconds) / 1e15)",
        ])
        return response
    }
}
