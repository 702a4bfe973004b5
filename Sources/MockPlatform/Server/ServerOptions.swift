import Foundation
import Logging

/// How `mock-platform serve` was asked to run (`README.md`, Configuration).
package struct ServerOptions: Sendable {
    package var host: String
    package var port: Int
    /// Base of every absolute URL the mock emits (`--public-url`); nil: each request's own
    /// base (`PublicBaseURL`).
    package var publicURL: String?
    /// Fixture folder loaded into every new tenant (`--fixtures`); `defaultFixtures` unless set.
    package var fixtures: URL
    /// Scenario folder (`--scenarios`); nil: `defaultScenarios`.
    package var scenarios: URL?
    package var logLevel: Logger.Level
    /// `--log-format`.
    package var logFormat = LogFormat.text
    /// One line per request at `info` (method, path, status, milliseconds, tenant); `--quiet`
    /// moves it to `debug`.
    package var logRequests = true
    /// Tenants the server holds at most, `default` included.
    package var maxTenants: Int
    /// Seeds every id generator, for reproducible runs; nil: ids never repeat.
    package var seed: UInt64?
    /// Each tenant's byte budget (`--tenant-max-bytes`; `TenantStorage`).
    package var tenantMaxBytes = TenantStorage.defaultMaxBytes
    /// Connections served at once (`--max-connections`; `ConnectionLimit`).
    package var maxConnections = ConnectionLimit.defaultMaximum
    /// Further hosts a browser may reach the control plane by (`--allowed-host`, `TrustedHosts`).
    package var allowedHosts: [String] = []
    /// When set, control routes other than health and readiness need `Bearer <token>`.
    package var adminToken: String?
    /// A state document loaded into the default tenant at start (`--state-file`).
    package var stateFile: URL?
    /// Write the default tenant's state to `stateFile` on a graceful stop (`--save-on-exit`).
    package var saveOnExit = false
    /// Files that must survive restarts: the development Wallet signing chain and, with
    /// `persist`, the tenants' states (`--data-dir`).
    package var dataDirectory = URL(fileURLWithPath: ".mock-platform")
    /// Keep every tenant's state under `<dataDirectory>/state` and restore it at start (`--persist`).
    package var persist = false
    /// How often changed tenants are written when `persist` is on (`--persist-interval`).
    package var persistInterval = Duration.seconds(5)
    /// Entries each tenant's request journal keeps (`--journal-size`); 0 turns the journal off.
    package var journalSize = RequestJournal.defaultCapacity
    /// Bounds of each tenant's client-growable collections (`--quota`).
    package var quotas = TenantQuotas()
    /// Tenants other than `default` unused for longer are dropped (`--tenant-idle-ttl`); nil:
    /// never.
    package var tenantIdleTTL: Duration? = .seconds(86_400)
    /// The values given for the platforms' own options (`Platform.processOptions`: the
    /// webhooks' targets, Wallet's signing certificates, …).
    package var processOptions = ProcessOptions()

    package init(
        host: String = "127.0.0.1",
        port: Int = 8080,
        publicURL: String? = nil,
        fixtures: URL = ServerOptions.defaultFixtures,
        logLevel: Logger.Level = .info,
        maxTenants: Int = TenantRegistry.defaultMaxTenants,
        seed: UInt64? = nil
    ) {
        self.host = host
        self.port = port
        self.publicURL = publicURL
        self.fixtures = fixtures
        self.logLevel = logLevel
        self.maxTenants = maxTenants
        self.seed = seed
    }

    /// `Resources/fixtures` of the working directory when it exists (the repository, the Docker
    /// image, where a mount can replace it), else the fixtures bundled with the binary, so the
    /// server starts from any directory.
    package static var defaultFixtures: URL { workingOrBundled("fixtures") }

    /// `Resources/scenarios` of the working directory when it exists, else the bundled ones.
    package static var defaultScenarios: URL { workingOrBundled("scenarios") }

    private static func workingOrBundled(_ name: String) -> URL {
        let working = URL(fileURLWithPath: "Resources/\(name)")
        if FileManager.default.fileExists(atPath: working.path) { return working }
        return Bundle.module.url(forResource: "Defaults", withExtension: nil)?.appendingPathComponent(name) ?? working
    }

    /// The listener's address as a client on this machine reaches it (`0.0.0.0` as
    /// `127.0.0.1`), the base of absolute URLs when neither `--public-url` nor the request names one.
    package var listenerURL: String {
        "http://\(host == "0.0.0.0" || host == "::" ? "127.0.0.1" : host):\(port)"
    }
}
