import Foundation
import Logging

/// How `mock-platform serve` was asked to run (`README.md`, Configuration).
public struct ServerOptions: Sendable {
    public var host: String
    public var port: Int
    /// Base of every absolute URL the mock emits; `http://<host>:<port>` when nil.
    public var publicURL: String?
    /// Fixture folder loaded into every new tenant.
    public var fixtures: URL
    /// Scenario folder (`--scenarios`); nil: `defaultScenarios`.
    public var scenarios: URL?
    public var logLevel: Logger.Level
    /// `--log-format`.
    public var logFormat = LogFormat.text
    /// Tenants the server holds at most, `default` included.
    public var maxTenants: Int
    /// Seeds every id generator, for reproducible runs; nil: ids never repeat.
    public var seed: UInt64?
    /// Hosts and networks webhook endpoints may point at.
    public var webhookAllowlist: WebhookAllowlist = .any
    /// When set, control routes other than health and readiness need `Bearer <token>`.
    public var adminToken: String?
    /// A state document loaded into the default tenant at start (`--state-file`).
    public var stateFile: URL?
    /// Write the default tenant's state to `stateFile` on a graceful stop (`--save-on-exit`).
    public var saveOnExit = false
    /// Files that must survive restarts: the development Wallet signing chain (`--data-dir`).
    public var dataDirectory = URL(fileURLWithPath: ".mock-platform")
    /// Entries each tenant's request journal keeps (`--journal-size`); 0 turns the journal off.
    public var journalSize = RequestJournal.defaultCapacity
    /// Bounds of each tenant's client-growable collections (`--quota`).
    public var quotas = TenantQuotas()
    /// Tenants other than `default` unused for longer are dropped (`--tenant-idle-ttl`); nil:
    /// never.
    public var tenantIdleTTL: Duration? = .seconds(86_400)
    /// Real Wallet signing certificates (`--pass-certificate` and its four companions).
    public var passCertificates = PassCertificateSettings()

    public init(
        host: String = "127.0.0.1",
        port: Int = 8080,
        publicURL: String? = nil,
        fixtures: URL = URL(fileURLWithPath: "Resources/fixtures"),
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

    /// `Resources/scenarios` when it exists: a server started elsewhere simply offers none.
    public static var defaultScenarios: URL? {
        let folder = URL(fileURLWithPath: "Resources/scenarios")
        return FileManager.default.fileExists(atPath: folder.path) ? folder : nil
    }

    /// The effective public base URL, without a trailing slash.
    public var publicBaseURL: String {
        var base = publicURL ?? "http://\(host):\(port)"
        while base.hasSuffix("/") { base.removeLast() }
        return base
    }
}
