import Foundation
import HTTPTypes
import Hummingbird
import NIOCore

/// The server's front door, around the router.
///
/// For every request it: strips the `/t/{tenant}` prefix and folds repeated slashes; finds the
/// module that owns the path; runs that module's guard (IQL: API key); answers unknown routes
/// (404) and wrong methods (405 with `Allow`); reads the body of POST/PUT/PATCH once (413 over
/// 1 MiB, 415 when not JSON, 400 when malformed or not an object); binds the tenant (created
/// only when a handler first uses it); then hands the request to the router. Every failure,
/// its own or a handler's, is rendered in the error shape of the module the path belongs to.
public struct PlatformResponder<Context: RequestContext>: HTTPResponder {
    let router: any HTTPResponder<Context>
    let routes: RouteCatalog
    let tenants: TenantRegistry
    let modules: ModuleDirectory
    /// The webhook sender, closed at shutdown.
    let webhooks: WebhookTransport

    public func respond(to request: Request, context: Context) async throws -> Response {
        let target = TenantPath(request.head.path?.prefix { $0 != "?" } ?? "/")
        let module = modules.module(for: target.path)
        let shape = module?.errorShape ?? ProblemErrorShape()
        var errorContext: ErrorContext { ErrorContext(path: target.path, now: tenants.now(of: target.tenant)) }
        do {
            guard let name = target.tenant, let module else {
                throw APIError.notFound(shape.unknownRouteMessage)
            }
            try module.requestGuard?.check(request.head, path: target.path, settings: tenants.settings(of: name))
            try checkRoute(request.method, path: target.path, shape: shape)
            var request = request
            let json = try await RequestBodyReader.json(of: &request, shape: shape, logger: context.logger)
            let routed = rewrite(request, toPath: target.path)
            return try await Tenant.$binding.withValue(TenantBinding(name: name, registry: tenants)) {
                try await RequestBody.$json.withValue(json) {
                    try await router.respond(to: routed, context: context)
                }
            }
        } catch let error as APIError {
            return Self.response(shape.render(error, context: errorContext))
        } catch {
            context.logger.error("unhandled error", metadata: ["error": "\(error)", "path": "\(target.path)"])
            return Self.response(shape.render(.internal, context: errorContext))
        }
    }

    private func checkRoute(_ method: HTTPRequest.Method, path: String, shape: any ErrorShape) throws(APIError) {
        let allowed = routes.methods(for: path)
        guard !allowed.isEmpty else { throw .notFound(shape.unknownRouteMessage) }
        guard allowed.contains(method) else {
            var headers = HTTPFields()
            headers[.allow] = allowed.map(\.rawValue).joined(separator: ", ")
            throw APIError(.methodNotAllowed, shape.methodNotAllowedMessage(method), headers: headers)
        }
    }

    /// The same request addressed to its tenant-relative path (query kept), without `Accept`:
    /// every route answers in the one media type its contract names, whatever the client asks.
    private func rewrite(_ request: Request, toPath path: String) -> Request {
        var head = request.head
        head.headerFields[.accept] = nil
        let raw = request.head.path ?? ""
        head.path = raw.firstIndex(of: "?").map { path + raw[$0...] } ?? path
        return Request(head: head, body: request.body)
    }

    static func response(_ rendered: (HTTPResponse, Data)) -> Response {
        Response(
            status: rendered.0.status,
            headers: rendered.0.headerFields,
            body: .init(byteBuffer: ByteBuffer(bytes: rendered.1))
        )
    }
}
