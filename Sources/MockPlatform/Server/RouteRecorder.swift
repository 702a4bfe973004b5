import HTTPTypes
import Hummingbird
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
        guard !renames.isEmpty else { return router.register(handler, method: method, path: path) }
        router.register({ request, body, metadata in
            var metadata = metadata
            for (routerName, specName) in renames {
                metadata.pathParameters[specName] = metadata.pathParameters.removeValue(forKey: routerName)
            }
            return try await handler(request, body, metadata)
        }, method: method, path: routerPath)
    }

    /// Everything registered so far.
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
