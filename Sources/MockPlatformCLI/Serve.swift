import ArgumentParser
import Foundation
import Hummingbird
import Logging
import MockPlatform
import MockWebhooks
import NIOCore

/// `mock-platform serve`: runs the server until SIGINT or SIGTERM.
///
/// Every option also reads `MOCK_PLATFORM_<NAME>` (dashes as underscores); a flag wins over its
/// variable, the variable over the default.
struct Serve: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Run the mock server (the default command).",
        discussion: ProcessOptionsHelp.text(MockPlatformServer.processOptions)
    )

    /// The platforms' own options (`Platform.processOptions`), read by `ProcessOptions`; listed
    /// in the discussion above.
    @Argument(parsing: .allUnrecognized, help: .hidden)
    var platformOptions: [String] = []

    @Option(help: "Listen address. Env: MOCK_PLATFORM_HOST. Default: 127.0.0.1.")
    var host: String?

    @Option(parsing: .unconditional, help: "Listen port; 0 picks a free one. Env: MOCK_PLATFORM_PORT. Default: 8080.")
    var port: Int?

    @Option(help: "Base of absolute URLs the mock emits (logos, click URLs, passes, the served specs' servers), for a proxy that rewrites the host. Env: MOCK_PLATFORM_PUBLIC_URL. Default: each answer follows the address its request used (Host, Forwarded, X-Forwarded-Host).")
    var publicURL: String?

    @Option(help: "Fixture folder loaded into every new tenant. Env: MOCK_PLATFORM_FIXTURES. Default: Resources/fixtures when the working directory has it, else the fixtures built into the binary.")
    var fixtures: String?

    @Option(help: "Scenario folder (<name>.json files, /_mock/scenarios). Env: MOCK_PLATFORM_SCENARIOS. Default: Resources/scenarios when the working directory has it, else the built-in ones.")
    var scenarios: String?

    @Option(help: "trace, debug, info, notice, warning, error or critical (debug logs every request). Env: MOCK_PLATFORM_LOG_LEVEL. Default: info.")
    var logLevel: String?

    @Option(help: "text or json (one JSON object per line). Env: MOCK_PLATFORM_LOG_FORMAT. Default: text.")
    var logFormat: String?

    @Flag(help: "No line per request at info (they stay at debug). Env: MOCK_PLATFORM_QUIET=true.")
    var quiet = false

    @Option(parsing: .unconditional, help: "Most tenants held at once, default included; more get 429. Env: MOCK_PLATFORM_MAX_TENANTS. Default: 1000.")
    var maxTenants: String?

    @Option(help: "Drop a tenant other than default after this long without a request: 500ms, 5s, 1m, 24h; 0 = never. Env: MOCK_PLATFORM_TENANT_IDLE_TTL. Default: 24h.")
    var tenantIdleTtl: String?

    @Option(help: "A per-tenant bound, NAME=N, repeatable; NAME: drivers, trips (per driver), device_tokens, members, faults, campaigns, endpoints, registrations, clients (Synerise client UUIDs). Env: MOCK_PLATFORM_QUOTA (comma-separated; a flag wins for its NAME). Defaults: 1000000 each, trips 10000, faults and campaigns 1000, endpoints 100.")
    var quota: [String] = []

    @Option(parsing: .unconditional, help: "Requests each tenant's journal (/_mock/requests) keeps, newest first; 0 turns it off. Env: MOCK_PLATFORM_JOURNAL_SIZE. Default: 10000.")
    var journalSize: String?

    @Option(help: "Each tenant's byte budget, as its state document measures (stores, logs, outbox; its journal keeps at most a quarter of it): 512KB, 64MB, 1GB. A write past it answers 507; an import or restore over it is refused. The process holds at most --max-tenants × this, plus fixed costs. Env: MOCK_PLATFORM_TENANT_MAX_BYTES. Default: 64MB.")
    var tenantMaxBytes: String?

    @Option(parsing: .unconditional, help: "Most connections served at once; more are closed at once and counted (limit=connections). Never above the open-file limit less 64. Env: MOCK_PLATFORM_MAX_CONNECTIONS. Default: 4096.")
    var maxConnections: String?

    @Option(help: "A further host name or address a browser may reach the control plane and dashboard by (besides loopback, this machine's names and addresses and the --public-url host), repeatable; a browser's /_mock request naming another Host or Origin gets 403 unknown host (DNS rebinding). Env: MOCK_PLATFORM_ALLOWED_HOST (comma-separated).")
    var allowedHost: [String] = []

    @Option(help: "When set, every /_mock route except health, ready, metrics and the dashboard page needs Authorization: Bearer <token>. Env: MOCK_PLATFORM_ADMIN_TOKEN.")
    var adminToken: String?

    @Option(help: "A state document (GET /_mock/state) loaded into the default tenant at start. Env: MOCK_PLATFORM_STATE_FILE.")
    var stateFile: String?

    @Flag(help: "On a graceful stop, write the default tenant's state to --state-file (atomically). Env: MOCK_PLATFORM_SAVE_ON_EXIT=true.")
    var saveOnExit = false

    @Option(help: "Folder for files that must survive restarts (the development Wallet signing chain, --persist's tenant states). Env: MOCK_PLATFORM_DATA_DIR. Default: .mock-platform.")
    var dataDir: String?

    @Flag(help: "Keep every tenant's state in <data-dir>/state/<tenant>.json (written atomically after changes, at most every --persist-interval, and on a graceful stop) and restore them all at start. Env: MOCK_PLATFORM_PERSIST=true.")
    var persist = false

    @Option(help: "How often --persist writes the tenants that changed: 100ms to 1h, e.g. 500ms, 5s, 1m. Env: MOCK_PLATFORM_PERSIST_INTERVAL. Default: 5s.")
    var persistInterval: String?

    @Option(parsing: .unconditional, help: "Seed every id generator, so two runs with the same requests give the same ids. Env: MOCK_PLATFORM_SEED. Default: none (ids never repeat).")
    var seed: String?

    func run() async throws {
        let options = try resolvedOptions(environment: ProcessInfo.processInfo.environment)
        // Log lines go to standard error in batches, off the event loops; a warning or worse,
        // and whatever waits at exit, at once.
        let sink = LogSink.standardError
        LoggingSystem.bootstrap { FlushingLogHandler(LogLineHandler(label: $0, format: options.logFormat, write: sink.write), sink: sink) }
        atexit { LogSink.standardError.flush() }
        var logger = Logger(label: "mock-platform")
        logger.logLevel = options.logLevel
        let app = try await application(options: options, logger: logger)
        do {
            try await app.runService()
        } catch let error as IOError where error.errnoCode == EADDRINUSE {
            throw CLIError("\(options.host):\(options.port) is already in use — stop what listens there or choose another --port (0 picks a free one)")
        } catch let error as IOError where error.errnoCode == EADDRNOTAVAIL {
            throw CLIError("--host \(options.host) is not an address of this machine — use 127.0.0.1 (this machine only) or 0.0.0.0 (every interface)")
        } catch is SocketAddressError.UnknownHost {
            throw CLIError("--host \(options.host) is not a known host name — use an address of this machine such as 127.0.0.1 or 0.0.0.0")
        }
    }

    /// The server of `options`: the server's own fixture files loaded while the OpenAPI
    /// documents are read on another core (the modules' fixture files and the scenarios are read
    /// after, once the modules are made). The documents as read are dropped when this returns
    /// (the routes keep what they need of them).
    private func application(options: ServerOptions, logger: Logger) async throws -> some ApplicationProtocol {
        let started = ContinuousClock.now
        async let readSpecs = SpecCatalog.bundled().reading()
        let fixtures: Fixtures
        do {
            fixtures = try Fixtures.load(from: options.fixtures)
        } catch {
            throw CLIError("\(error) — point --fixtures (MOCK_PLATFORM_FIXTURES) at a folder like Resources/fixtures")
        }
        let specs = try await readSpecs
        let specNames = specs.names
        return try MockPlatformServer.makeApplication(
            options: options,
            fixtures: fixtures,
            specs: specs,
            logger: logger,
            releasingCodePages: true,
            onServerRunning: { port, defaultTenant in
                var bound = options
                bound.port = port
                let banner = ReadyBanner(
                    listener: bound.listenerURL, publicURL: options.publicURL, everyInterface: ["0.0.0.0", "::"].contains(options.host),
                    port: port, elapsed: ContinuousClock.now - started, zipCodes: fixtures.zipcodes.count, specs: specNames,
                    apiKey: defaultTenant.apiKeys.first,
                    webhookTargetsOpen: options.processOptions[WebhooksPlatform.allow] == nil && !ReadyBanner.isLoopback(options.host)
                )
                FileHandle.standardOutput.write(Data(banner.text.utf8))
            }
        )
    }

    /// Flags, then `MOCK_PLATFORM_*` variables, then defaults.
    func resolvedOptions(environment: [String: String]) throws -> ServerOptions {
        func value(_ flag: String?, _ name: String) -> String? {
            flag ?? environment["MOCK_PLATFORM_\(name)"].flatMap { $0.isEmpty ? nil : $0 }
        }
        var options = ServerOptions()
        options.host = value(host, "HOST") ?? options.host
        if let text = value(port.map(String.init), "PORT") {
            guard let number = Int(text), (0...65_535).contains(number) else {
                throw ValidationError("port must be a number from 0 to 65535, got '\(text)' (0 picks a free one)")
            }
            options.port = number
        }
        options.publicURL = value(publicURL, "PUBLIC_URL")
        if let folder = value(fixtures, "FIXTURES") { options.fixtures = URL(fileURLWithPath: folder) }
        if let folder = value(scenarios, "SCENARIOS") { options.scenarios = URL(fileURLWithPath: folder) }
        if let level = value(logLevel, "LOG_LEVEL") {
            guard let parsed = Logger.Level(rawValue: level) else {
                throw ValidationError("log level must be one of trace, debug, info, notice, warning, error, critical")
            }
            options.logLevel = parsed
        }
        options.logRequests = !(quiet || environment["MOCK_PLATFORM_QUIET"] == "true")
        if let format = value(logFormat, "LOG_FORMAT") {
            guard let parsed = LogFormat(rawValue: format) else { throw ValidationError("log format must be text or json") }
            options.logFormat = parsed
        }
        if let text = value(maxTenants, "MAX_TENANTS") {
            guard let number = Int(text), number >= 1 else {
                throw ValidationError("max-tenants must be a whole number of at least 1, got '\(text)'")
            }
            options.maxTenants = number
        }
        if let text = value(tenantIdleTtl, "TENANT_IDLE_TTL") {
            guard let duration = Duration(flagText: text) else {
                throw ValidationError("tenant-idle-ttl must be a duration like 500ms, 5s, 1m or 24h, or 0 for never, got '\(text)'")
            }
            options.tenantIdleTTL = duration == .zero ? nil : duration
        }
        // The variable's bounds first, then the flags': for each NAME a flag wins over the variable.
        for text in (value(nil, "QUOTA")?.split(separator: ",").map(String.init) ?? []) + quota {
            do {
                try options.quotas.set(parsing: text)
            } catch {
                throw ValidationError(error.description)
            }
        }
        if let text = value(journalSize, "JOURNAL_SIZE") {
            guard let number = Int(text), (0...1_000_000).contains(number) else {
                throw ValidationError("journal-size must be a whole number from 0 to 1000000, got '\(text)'")
            }
            options.journalSize = number
        }
        options.adminToken = value(adminToken, "ADMIN_TOKEN")
        if let text = value(tenantMaxBytes, "TENANT_MAX_BYTES") {
            guard let bytes = ByteSize.bytes(text), bytes >= 64 << 10 else {
                throw ValidationError("tenant-max-bytes must be a size of at least 64KB like 512KB, 64MB or 1GB, got '\(text)'")
            }
            options.tenantMaxBytes = bytes
        }
        if let text = value(maxConnections, "MAX_CONNECTIONS") {
            guard let number = Int(text), number >= 1 else {
                throw ValidationError("max-connections must be a whole number of at least 1, got '\(text)'")
            }
            options.maxConnections = number
        }
        options.allowedHosts = (value(nil, "ALLOWED_HOST")?.split(separator: ",").map(String.init) ?? []) + allowedHost
        if let bad = options.allowedHosts.first(where: { $0.isEmpty || $0.contains("/") || $0.contains(" ") }) {
            throw ValidationError("allowed-host must be a host name or address without a scheme or path, got '\(bad)'")
        }
        if let folder = value(dataDir, "DATA_DIR") {
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), !isFolder.boolValue {
                throw ValidationError("--data-dir \(folder) is a file, not a folder — point --data-dir (MOCK_PLATFORM_DATA_DIR) at a folder the server may write to")
            }
            options.dataDirectory = URL(fileURLWithPath: folder)
        }
        options.persist = persist || environment["MOCK_PLATFORM_PERSIST"] == "true"
        if let text = value(persistInterval, "PERSIST_INTERVAL") {
            guard let duration = Duration(flagText: text), duration >= .milliseconds(100), duration <= .seconds(3_600) else {
                throw ValidationError("persist-interval must be a duration from 100ms to 1h like 500ms, 5s or 1m, got '\(text)'")
            }
            options.persistInterval = duration
        }
        if let path = value(stateFile, "STATE_FILE") { options.stateFile = URL(fileURLWithPath: path) }
        options.saveOnExit = saveOnExit || environment["MOCK_PLATFORM_SAVE_ON_EXIT"] == "true"
        if options.saveOnExit, options.stateFile == nil {
            throw ValidationError("--save-on-exit needs --state-file")
        }
        do {
            options.processOptions = try ProcessOptions(
                arguments: platformOptions, environment: environment, declared: MockPlatformServer.processOptions
            )
        } catch {
            throw ValidationError(error.description)
        }
        if let text = value(seed, "SEED") {
            guard let number = UInt64(text) else {
                throw ValidationError("seed must be a whole number from 0 to 18446744073709551615, got '\(text)'")
            }
            options.seed = number
        }
        return options
    }
}
