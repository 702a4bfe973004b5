import ArgumentParser
import Foundation
import MockPlatform

/// The options that say which running mock (and tenant) `trigger` and `listen` talk to.
struct ServerConnection: ParsableArguments {
    @Option(help: "The running mock. Env: MOCK_PLATFORM_SERVER, else MOCK (the README's variable). Default: http://127.0.0.1:8080.")
    var server: String?

    @Option(help: "The tenant. Default: default.")
    var tenant: String?

    @Option(help: "The server's admin token, if it has one. Env: MOCK_PLATFORM_ADMIN_TOKEN.")
    var adminToken: String?

    /// A control-API client for these options, flags first, then the environment.
    ///
    /// - Throws: `ValidationError` for a server that is not an http(s) URL or a tenant name the
    ///   mock would refuse.
    func client() throws -> ControlClient {
        let environment = ProcessInfo.processInfo.environment
        let server = server ?? environment["MOCK_PLATFORM_SERVER"] ?? environment["MOCK"] ?? "http://127.0.0.1:8080"
        guard let url = URL(string: server), ["http", "https"].contains(url.scheme?.lowercased() ?? ""), url.host != nil else {
            throw ValidationError("--server must be an http(s) URL such as http://127.0.0.1:8080, got '\(server)'")
        }
        if let tenant, TenantName(tenant) == nil {
            throw ValidationError("--tenant must be default or 1 to 40 of a-z, 0-9 and -, got '\(tenant)'")
        }
        return ControlClient(server: server, tenant: tenant, adminToken: adminToken ?? environment["MOCK_PLATFORM_ADMIN_TOKEN"])
    }
}
