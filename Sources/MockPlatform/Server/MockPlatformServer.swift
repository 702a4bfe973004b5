import Foundation
import Hummingbird
import Logging
import MockAudit
import MockCampaigns
import MockControl
import MockIQL
import MockLoyalty
import MockPublisher
import MockWallet
import MockWebhooks
import NIOCore
import OpenAPIRuntime

/// Builds the MockPlatform HTTP application: every module's generated operations in one route
/// catalog, called by the `PlatformResponder` front door.
package enum MockPlatformServer {
    /// The platforms this server answers, in the order their modules' routes are registered.
    package static let platforms: [any Platform.Type] = [
        IQLPlatform.self,
        PublisherPlatform.self,
        CampaignsPlatform.self,
        WalletPlatform.self,
        WebhooksPlatform.self,
        AuditPlatform.self,
        ControlPlatform.self,
    ]

    /// The process-wide options the platforms declare, in platform order.
    package static var processOptions: [ProcessOption] { platforms.flatMap { $0.processOptions } }

    /// The application for `options`, with tenants created from `fixtures`. Tenants' timers
    /// stop when the application does. `releasingCodePages` (the binary's, not a test's): the
    /// process gives its code pages back once the server listens and whenever it has been
    /// idle (`StartupPages`, `IdleCodePages`).
    package static func makeApplication(
        options: ServerOptions,
        fixtures: Fixtures,
        specs: SpecCatalog,
        wallClock: @escaping @Sendable () -> Date = { Date() },
        logger: Logger,
        releasingCodePages: Bool = false,
        onServerRunning: @escaping @Sendable (_ port: Int, _ defaultTenant: TenantSettings) async -> Void = { _, _ in }
    ) throws -> some ApplicationProtocol {
        let publicURL = PublicBaseURL(configured: options.publicURL, listener: options.listenerURL)
        let (responder, _) = try makeResponder(
            options: options, fixtures: fixtures, specs: specs, publicURL: publicURL, wallClock: wallClock
        )
        return makeApplication(
            responder: responder, options: options, publicURL: publicURL, logger: logger, releasingCodePages: releasingCodePages,
            onServerRunning: onServerRunning
        )
    }

    /// The application serving `responder` (made by `makeResponder` with `publicURL`): the
    /// metered front door, the HTTP server and the services that stop, expire and persist
    /// tenants; with `--persist`, the tenants on disk are restored first.
    /// `onServerRunning` is told the port and the settings of tenant `default`.
    package static func makeApplication(
        responder: PlatformResponder,
        options: ServerOptions,
        publicURL: PublicBaseURL,
        logger: Logger,
        releasingCodePages: Bool = false,
        onServerRunning: @escaping @Sendable (_ port: Int, _ defaultTenant: TenantSettings) async -> Void = { _, _ in }
    ) -> some ApplicationProtocol {
        let activity = RequestActivity()
        let connections = ConnectionLimit(requested: options.maxConnections, metrics: responder.tenants.metrics)
        var application = Application(
            responder: MeteredResponder(
                inner: responder, metrics: responder.tenants.metrics, requestLogLevel: options.logRequests ? .info : .debug,
                activity: activity
            ),
            server: .http1(configuration: .init(
                additionalChannelHandlers: [ConnectionGate(limit: connections), MalformedHeadResponder()],
                idleTimeout: ConnectionLimit.headDeadline
            )),
            configuration: .init(address: .hostname(options.host, port: options.port), serverName: "MockPlatform"),
            onServerRunning: { channel in
                let port = channel.localAddress?.port ?? options.port
                publicURL.listenerBound(host: options.host, port: port)
                await onServerRunning(port, responder.tenants.settings(of: .default))
                if releasingCodePages { StartupPages.release() }
            },
            logger: logger
        )
        if releasingCodePages {
            application.addServices(IdleCodePages(activity: activity, release: { StartupPages.release() }))
        }
        let persistence = options.persist
            ? TenantPersistence(tenants: responder.tenants, dataDirectory: options.dataDirectory, logger: logger) : nil
        let pending = persistence?.prepareRestore() ?? []
        application.addServices(TenantStorageMeter(tenants: responder.tenants))
        application.addServices(TenantShutdown(
            tenants: responder.tenants, modules: responder.modules.all, stateFile: options.saveOnExit ? options.stateFile : nil, persistence: persistence, logger: logger
        ))
        if let persistence {
            application.addServices(PersistenceService(persistence: persistence, pending: pending, interval: options.persistInterval))
        }
        if let idle = options.tenantIdleTTL {
            application.addServices(TenantExpiry(tenants: responder.tenants, idle: idle, logger: logger))
        }
        return application
    }

    /// The front-door responder and the routes it answers: the modules of `platforms` (the
    /// server's list unless a test adds one), then `extra` (a module `specs` holds the document
    /// of; the tests plug one in this way).
    package static func makeResponder(
        options: ServerOptions,
        fixtures: Fixtures,
        specs: SpecCatalog,
        publicURL: PublicBaseURL? = nil,
        wallClock: @escaping @Sendable () -> Date = { Date() },
        platforms: [any Platform.Type] = MockPlatformServer.platforms,
        plugging extra: [any PlatformModule] = []
    ) throws -> (PlatformResponder, RouteCatalog) {
        let metrics = PlatformMetrics()
        let publicURL = publicURL ?? PublicBaseURL(configured: options.publicURL, listener: options.listenerURL)
        let startup = ModuleStartup(
            options: options.processOptions, fixtures: fixtures, specs: specs, publicURL: publicURL, metrics: metrics,
            dataDirectory: options.dataDirectory, wallClock: wallClock
        )
        var fixtures = fixtures
        let modules = try platforms.flatMap { try $0.modules(startup) } + extra
        let documents = try specs.readDocuments(named: modules.map(\.document))
        do {
            try fixtures.load(
                settings: modules.flatMap(\.settingsParts), keyOrder: documents.lazy.compactMap(\.tenantConfigKeys).first ?? []
            )
            try fixtures.load(modules.flatMap(\.fixtureParts))
        } catch {
            throw StartupError("\(error) — point --fixtures (MOCK_PLATFORM_FIXTURES) at a folder like Resources/fixtures")
        }
        for module in modules { try module.prepare(&fixtures) }
        try fixtures.check(KnownKinds(modules))
        do {
            try options.quotas.check(declared: modules.flatMap(\.quotaCollections))
        } catch {
            throw StartupError(error.description)
        }
        let scenarios: ScenarioCatalog
        do {
            scenarios = try ScenarioCatalog.load(
                from: options.scenarios ?? ServerOptions.defaultScenarios, fixtures: fixtures, parts: modules.flatMap(\.scenarioParts)
            )
        } catch {
            throw StartupError("\(error) — point --scenarios (MOCK_PLATFORM_SCENARIOS) at a folder like Resources/scenarios")
        }
        let tenants = try TenantRegistry(
            fixtures: fixtures, scenarios: scenarios, modules: modules, maxTenants: options.maxTenants, seed: options.seed,
            journalCapacity: options.journalSize, quotas: options.quotas, tenantMaxBytes: options.tenantMaxBytes, metrics: metrics,
            wallClock: wallClock
        )
        if let file = options.stateFile {
            AtomicFile.removeLeftovers(in: file.deletingLastPathComponent()) { $0 == file.lastPathComponent }
        }
        if let file = options.stateFile, FileManager.default.fileExists(atPath: file.path) {
            do {
                let data = try Data(contentsOf: file)
                try TenantStorage.checkDocument(bytes: data.count, maxBytes: tenants.tenantMaxBytes)
                try tenants.reset(.default, restoring: TenantStateDocument.snapshot(
                    from: data, fields: tenants.stateFields, settings: tenants.settingsSchema
                ))
            } catch let error as APIError {
                throw StartupError("state file \(file.path): \(error.message)")
            }
        } else if let file = options.stateFile, !options.saveOnExit {
            throw StartupError("state file \(file.path) does not exist")
        }
        var routes = RouteCatalog()
        var plans: [String: OperationPlans] = [:]
        for (module, document) in zip(modules, documents) {
            let documentPlans = plans[module.document] ?? OperationPlans(document: document)
            plans[module.document] = documentPlans
            let recorder = OperationRecorder(
                recordingInto: routes, plans: documentPlans, rules: module.rules, constants: module.constantOperations,
                cachedReads: module.cachedReads, writtenAnswers: module.writtenAnswers, journalledAnswers: module.journalledAnswers,
                yamlBodies: module.yamlBodies
            )
            try module.registerHandlers(on: recorder, configuration: .mockPlatform)
            routes = recorder.catalog
        }
        let controlPlane = ControlPlane(requestGuard: ControlRequestGuard(
            host: BrowserHostGuard(trusted: TrustedHosts(publicURL: options.publicURL, allowed: options.allowedHosts)),
            origin: CrossOriginGuard(publicURL: publicURL), adminToken: options.adminToken.map { AdminTokenGuard(token: $0) }
        ))
        let responder = PlatformResponder(
            routes: routes, tenants: tenants, modules: ModuleDirectory(modules, controlPlane: controlPlane)
        )
        return (responder, routes)
    }
}
