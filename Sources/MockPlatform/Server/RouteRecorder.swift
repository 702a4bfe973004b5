import HTTPTypes
import Hummingbird
import NIOCore
import OpenAPIHummingbird
import OpenAPIRuntime
import Synchronization

/// A `ServerTransport` that registers each generated route on the router and records it in a
/// `RouteCatalog`, so the routes the server answers are exactly those of the specs.
///
/// Hummingbird's trie holds one parameter name per position, while a spec may name the same
/// position differently (`/iql/v2/ad_unit/{driver_id}` beside `/iql/v2/ad_unit/{ad_id}/logo`):
/// a route is registered under the name the router already holds there, and its handler gets
/// the parameter back under the spec's name.
final class RouteRecorder<Context: RequestContext>: ServerTransport {
    private let router: Router<Context>
    private let recorded = Mutex(RouteCatalog())
    /// The parameter name registered at each position, keyed by the registered path before it.
    private let parameterNames = Mutex([String: String]())

    init(router: Router<Context>) { self.router = router }

    func register(
        _ handler: @escaping @Sendable (HTTPRequest, HTTPBody?, ServerRequestMetadata) async throws -> (HTTPResponse, HTTPBody?),
        method: HTTPRequest.Method,
        path: String
    ) throws {
        recorded.withLock { $0.add(method: method, path: path) }
        let (routerPath, renames) = parameterNames.withLock { Self.routerPath(for: path, names: &$0) }
        router.on(RouterPath(renames.isEmpty ? path : routerPath), method: method) { request, context in
            let length: HTTPBody.Length = request.headers[.contentLength].flatMap { Int($0) }.map { .known(numericCast($0)) } ?? .unknown
            let body = HTTPBody(request.body.map { [UInt8](buffer: $0) }, length: length, iterationBehavior: .single)
            var parameters = [String: Substring](context.parameters.map { (String($0.0), $0.1) }) { first, _ in first }
            for (routerName, specName) in renames {
                parameters[specName] = parameters.removeValue(forKey: routerName)
            }
            let (response, responseBody) = try await handler(request.head, body, ServerRequestMetadata(pathParameters: parameters))
            return try await Self.response(response, body: responseBody)
        }
    }

    /// The Hummingbird response for a generated handler's answer. What swift-openapi-hummingbird
    /// does, except that a body of known length (every JSON body, every image) is gathered into
    /// one buffer: Hummingbird then writes head, body and end in one batch instead of three
    /// writes through the channel (perf: NIOAsyncChannelHandler's outbound path was 15 % of CPU
    /// on driverStatus). The bytes on the wire are the same; Content-Length is set either way.
    static func response(_ response: HTTPResponse, body: HTTPBody?) async throws -> Response {
        guard let body else {
            return Response(status: response.status, headers: response.headerFields, body: .init(byteBuffer: ByteBuffer()))
        }
        if case .known(let length) = body.length, length <= maxGatheredBody {
            var buffer = ByteBuffer()
            buffer.reserveCapacity(Int(length))
            for try await chunk in body { buffer.writeBytes(chunk) }
            return Response(status: response.status, headers: response.headerFields, body: .init(byteBuffer: buffer))
        }
        let buffers = body.map { ByteBuffer(bytes: $0) }
        if case .known(let length) = body.length {
            return Response(status: response.status, headers: response.headerFields, body: .init(contentLength: numericCast(length)) { writer in
                for try await buffer in buffers { try await writer.write(buffer) }
                try await writer.finish(nil)
            })
        }
        return Response(status: response.status, headers: response.headerFields, body: .init(asyncSequence: buffers))
    }

    /// Known-length bodies up to this size are sent as one buffer; larger ones stream.
    static var maxGatheredBody: Int64 { 16 * 1_048_576 }

    var catalog: RouteCatalog { recorded.withLock { $0 } }

    /// `path` with every whole-segment parameter named as the router already names that
    /// position (recording new positions in `names`), and the renames as (router, spec) names.
    private static func routerPath(for path: String, names: inout [String: String]) -> (String, [(String, String)]) {
        var routerPath = ""
        var renames: [(String, String)] = []
        for segment in path.split(separator: "/") {
            var segment = String(segment)
            if segment.count > 2, segment.hasPrefix("{"), segment.hasSuffix("}") {
                let specName = String(segment.dropFirst().dropLast())
                let routerName = names[routerPath, default: specName]
                names[routerPath] = routerName
                if routerName != specName { renames.append((routerName, specName)) }
                segment = "{\(routerName)}"
            }
            routerPath += "/" + segment
        }
        return (routerPath.isEmpty ? "/" : routerPath, renames)
    }
}
