import Foundation
import Logging

/// How `mock-platform serve` was asked to run (control.md §1).
public struct ServerOptions: Sendable {
    public var host: String
    public var port: Int
    /// Base of every absolute URL the mock emits; `http://<host>:<port>` when nil.
    public var publicURL: String?
    /// Fixture folder loaded into every new tenant.
    public var fixtures: URL
    public var logLevel: Logger.Level

    public init(
        host: String = "127.0.0.1",
        port: Int = 8080,
        publicURL: String? = nil,
        fixtures: URL = URL(fileURLWithPath: "Resources/fixtures"),
        logLevel: Logger.Level = .info
    ) {
        self.host = host
        self.port = port
        self.publicURL = publicURL
        self.fixtures = fixtures
        self.logLevel = logLevel
    }

    /// The effective public base URL, without a trailing slash.
    public var publicBaseURL: String {
        var base = publicURL ?? "http://\(host):\(port)"
        while base.hasSuffix("/") { base.removeLast() }
        return base
    }
}
