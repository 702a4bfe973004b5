import Foundation
import HTTPTypes
import Hummingbird
import NIOCore

/// The server's front door, around the router.
///
/// For every request it: strips the `/t/{tenant}` prefix; runs the surface's guard (IQL: API
/// key); answers unknown routes (404) and wrong methods (405 with `Allow`); only then creates
/// and binds the tenant; reads the body of POST/PUT/PATCH once (413 over 1 MiB, 415 when not JSON, 400 when
/// malformed or not an object); then hands the request to the router. Every failure, its own or
/// a handler's, is rendered in the error shape of the API the request was for.
public struct PlatformResponder<Context: RequestContext>: HTTPResponder {
    /// Bodies larger than this are refused with 413.
    public static var maxBodyBytes: Int { 1_048_576 }

    let router: any HTTPResponder<Context>
    let routes: RouteCatalog
    let tenants: TenantRegistry
    let guards: [APISurface: any RequestGuard]

    public func respond(to request: Request, context: Context) async throws -> Response {
        let target = TenantPath(request.uri.path)
        let surface = APISurface.of(path: target.path)
        do {
            guard let name = target.tenant else { throw APIError.notFound(surface.unknownRouteMessage) }
            try guards[surface]?.check(request.head, path: target.path, settings: await tenants.settings(of: name))
            try checkRoute(request.method, path: target.path, surface: surface)
            let tenant = await tenants.tenant(name)
            var request = request
            let json = try await readJSONBody(of: &request, surface: surface)
            let routed = rewrite(request, toPath: target.path)
            return try await Tenant.$current.withValue(tenant) {
                try await RequestBody.$json.withValue(json) {
                    try await router.respond(to: routed, context: context)
                }
            }
        } catch let error as APIError {
            return Self.response(surface.render(error))
        } catch {
            context.logger.error("unhandled error", metadata: ["error": "\(error)", "path": "\(target.path)"])
            return Self.response(surface.render(.internal))
        }
    }

    private func checkRoute(_ method: HTTPRequest.Method, path: String, surface: APISurface) throws(APIError) {
        let allowed = routes.methods(for: path)
        guard !allowed.isEmpty else { throw .notFound(surface.unknownRouteMessage) }
        guard allowed.contains(method) else {
            var headers = HTTPFields()
            headers[.allow] = allowed.map(\.rawValue).joined(separator: ", ")
            throw APIError(.methodNotAllowed, surface.methodNotAllowedMessage(method), headers: headers)
        }
    }

    /// Reads and parses the body of a request that carries one; nil for other methods.
    private func readJSONBody(of request: inout Request, surface: APISurface) async throws -> [String: JSONValue]? {
        guard [.post, .put, .patch].contains(request.method) else { return nil }
        let limit = Self.maxBodyBytes
        let buffer: ByteBuffer
        do {
            buffer = try await request.collectBody(upTo: limit)
        } catch {
            throw APIError(.contentTooLarge, "request body exceeds \(limit) bytes")
        }
        if let contentType = request.headers[.contentType], !Self.isJSON(contentType) {
            throw APIError(.unsupportedMediaType, "Content-Type must be application/json")
        }
        do {
            return try JSONValue.parseObject(buffer.readableBytesView)
        } catch .malformed {
            throw APIError.badRequest(surface.malformedJSONMessage)
        } catch .notAnObject {
            throw APIError.badRequest("request body must be a JSON object")
        }
    }

    /// `application/json`, with or without parameters such as `charset`.
    static func isJSON(_ contentType: String) -> Bool {
        let mediaType = contentType.split(separator: ";").first?.trimmingCharacters(in: .whitespaces).lowercased()
        return mediaType == "application/json"
    }

    /// The same request addressed to its tenant-relative path (query kept), without `Accept`:
    /// every route answers in the one media type its contract names, whatever the client asks.
    private func rewrite(_ request: Request, toPath path: String) -> Request {
        var head = request.head
        head.headerFields[.accept] = nil
        if let query = request.uri.query {
            head.path = path + "?" + query
        } else {
            head.path = path
        }
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

/// A request path split into its tenant and the tenant-relative path.
struct TenantPath {
    /// Nil when the path names a tenant whose name is not `[a-z0-9-]{1,40}`.
    let tenant: TenantName?
    /// Tenant-relative, starting with `/`, without a trailing slash (except `/` itself).
    let path: String

    init(_ rawPath: String) {
        var path = rawPath
        var tenant: TenantName? = .default
        if path.hasPrefix("/t/") {
            let rest = path.dropFirst(3)
            let name = rest.prefix { $0 != "/" }
            tenant = TenantName(name)
            path = String(rest.dropFirst(name.count))
        }
        while path.count > 1 && path.hasSuffix("/") { path.removeLast() }
        self.tenant = tenant
        self.path = path.isEmpty ? "/" : path
    }
}
