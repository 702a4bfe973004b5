import HTTPTypes
import Hummingbird
import OpenAPIHummingbird
import OpenAPIRuntime
import Synchronization

/// A `ServerTransport` that registers each generated route on the router and records it in a
/// `RouteCatalog`, so the routes the server answers are exactly those of the specs.
final class RouteRecorder<Context: RequestContext>: ServerTransport {
    private let router: Router<Context>
    private let recorded = Mutex(RouteCatalog())

    init(router: Router<Context>) { self.router = router }

    func register(
        _ handler: @escaping @Sendable (HTTPRequest, HTTPBody?, ServerRequestMetadata) async throws -> (HTTPResponse, HTTPBody?),
        method: HTTPRequest.Method,
        path: String
    ) throws {
        recorded.withLock { $0.add(method: method, path: path) }
        router.register(handler, method: method, path: path)
    }

    /// Everything registered so far.
    var catalog: RouteCatalog { recorded.withLock { $0 } }
}
