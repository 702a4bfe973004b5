import Foundation
import HTTPTypes
import Hummingbird
import NIOCore

/// Calls another of the server's operations for the current request's tenant, as a proxy in
/// front of it would: the publisher backend's wrappers call IQL with the API key the backend
/// holds (`openapi/publisher.yaml`).
///
/// The operation runs as the front door runs it — its module's guard (with the tenant's first
/// API key), its rule, its handler, its encoder — inside the request's tenant binding. The
/// tenant's fault rules and its journal see only the request the client sent.
package final class RouteForwarder: Sendable {
    private let routes: RouteCatalog
    private let modules: ModuleDirectory

    package init(routes: RouteCatalog, modules: ModuleDirectory) {
        self.routes = routes
        self.modules = modules
    }

    /// The answer of `method` on `target` (tenant-relative, percent-encoded, query included),
    /// with `json` as its body, gathered into one buffer.
    ///
    /// - Throws: the operation's refusal, its guard's included, as the `APIError` its own module
    ///   would render; `APIError.internal` for a target no route answers (the caller's bug).
    package func answer(
        _ method: HTTPRequest.Method, _ target: String, json: [String: JSONValue]? = nil
    ) async throws -> (head: HTTPResponse, body: ByteBuffer) {
        let binding = try Tenant.boundBinding()
        let path = String(RequestTarget(target).path)
        let match = routes.match(path)
        guard let module = modules.module(for: path), let operation = match.operation(for: method) else {
            throw APIError.internal
        }
        let settings = binding.tenant?.settings ?? binding.registry.settings(of: binding.name)
        var head = HTTPRequest(method: method, scheme: nil, authority: binding.authority, path: target)
        // The base the client addressed, which absolute URLs in the answer follow and its key holds.
        for name in [RequestBaseURL.forwarded, RequestBaseURL.forwardedProto, RequestBaseURL.forwardedHost] {
            if let value = binding.headers[name] { head.headerFields[name] = value }
        }
        if let key = settings.apiKeys.first { head.headerFields[.authorization] = "APIKEY \(key)" }
        if json != nil { head.headerFields[.contentType] = "application/json" }
        try module.requestGuard?.check(head, path: path, settings: settings)
        let body = json.map { (json: $0, bytes: ByteBuffer(bytes: JSONValue.object($0).encoded())) }
        let response = if let kept = operation.keptAnswer(to: target, head: head, body: body?.bytes, of: binding.tenant) {
            kept.response
        } else {
            try await operation.call(head, body: body, pathParameters: match.parameters).response
        }
        let gathered = GatheredBody()
        try await response.body.write(GatheringWriter(gathered: gathered))
        return (HTTPResponse(status: response.status, headerFields: response.headers), gathered.buffer)
    }
}

/// Where `GatheringWriter` leaves the bytes it was given.
private final class GatheredBody {
    var buffer = ByteBuffer()
}

/// A response body writer that keeps what is written.
private struct GatheringWriter: ResponseBodyWriter {
    let gathered: GatheredBody

    mutating func write(_ buffer: ByteBuffer) async throws {
        var buffer = buffer
        gathered.buffer.writeBuffer(&buffer)
    }

    consuming func finish(_ trailingHeaders: HTTPFields?) async throws {}
}
