import Foundation
import Hummingbird
import Logging
import OpenAPIRuntime

/// Builds the MockPlatform HTTP application: every API's generated routes on one router, behind
/// the `PlatformResponder` front door.
public enum MockPlatformServer {
    /// JSON and date settings shared by every generated API: compact, sorted keys, RFC 3339 with
    /// milliseconds.
    static let openAPIConfiguration = Configuration(
        dateTranscoder: RFC3339(),
        jsonEncodingOptions: [.sortedKeys, .withoutEscapingSlashes]
    )

    /// The application for `options`, with tenants created from `fixtures`.
    public static func makeApplication(
        options: ServerOptions,
        fixtures: Fixtures,
        specs: SpecCatalog,
        wallClock: @escaping @Sendable () -> Date = { Date() },
        logger: Logger,
        onServerRunning: @escaping @Sendable (_ port: Int) async -> Void = { _ in }
    ) throws -> some ApplicationProtocol {
        let publicURL = PublicBaseURL(options.publicBaseURL)
        let (responder, _) = try makeResponder(
            options: options, fixtures: fixtures, specs: specs, publicURL: publicURL, wallClock: wallClock
        )
        return Application(
            responder: responder,
            configuration: .init(address: .hostname(options.host, port: options.port), serverName: "MockPlatform"),
            onServerRunning: { channel in
                let port = channel.localAddress?.port ?? options.port
                if options.publicURL == nil { publicURL.set("http://\(options.host):\(port)") }
                await onServerRunning(port)
            },
            logger: logger
        )
    }

    /// The front-door responder and the routes it answers.
    public static func makeResponder(
        options: ServerOptions,
        fixtures: Fixtures,
        specs: SpecCatalog,
        publicURL: PublicBaseURL? = nil,
        wallClock: @escaping @Sendable () -> Date = { Date() }
    ) throws -> (PlatformResponder<BasicRequestContext>, RouteCatalog) {
        let tenants = TenantRegistry(fixtures: fixtures, wallClock: wallClock)
        let router = Router(context: BasicRequestContext.self)
        let recorder = RouteRecorder(router: router)

        try IQLHandlers(zipcodes: fixtures.zipcodes, publicURL: publicURL ?? PublicBaseURL(options.publicBaseURL)).registerHandlers(
            on: recorder,
            configuration: openAPIConfiguration,
            middlewares: try middlewares(for: .iql, rules: IQLHandlers.rules(zipcodes: fixtures.zipcodes), specs: specs)
        )
        try PublisherHandlers(zipcodes: fixtures.zipcodes).registerHandlers(
            on: recorder,
            configuration: openAPIConfiguration,
            middlewares: try middlewares(for: .publisher, rules: PublisherHandlers.rules, specs: specs)
        )
        try ControlHandlers(tenants: tenants, specs: specs).registerHandlers(
            on: recorder,
            configuration: openAPIConfiguration,
            middlewares: try middlewares(for: .control, rules: ControlHandlers.rules, specs: specs)
        )

        let routes = recorder.catalog
        let responder = PlatformResponder(
            router: router.buildResponder(),
            routes: routes,
            tenants: tenants,
            guards: [.iql: IQLRequestGuard()]
        )
        return (responder, routes)
    }

    private static func middlewares(
        for surface: APISurface, rules: [String: OperationRule], specs: SpecCatalog
    ) throws -> [any ServerMiddleware] {
        [
            OperationGate(surface: surface, rules: rules),
            try NullCompletion(specYAML: specs.document(for: surface)),
            LocationHeaderRestorer(),
        ]
    }
}
