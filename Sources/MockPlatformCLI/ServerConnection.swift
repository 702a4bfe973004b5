import ArgumentParser
import Foundation

/// The options that say which running mock (and tenant) `trigger` and `listen` talk to.
struct ServerConnection: ParsableArguments {
    @Option(help: "The running mock. Env: MOCK_PLATFORM_SERVER. Default: http://127.0.0.1:8080.")
    var server: String?

    @Option(help: "The tenant. Default: default.")
    var tenant: String?

    @Option(help: "The server's admin token, if it has one. Env: MOCK_PLATFORM_ADMIN_TOKEN.")
    var adminToken: String?

    /// A control-API client for these options, flags first, then the environment.
    var client: ControlClient {
        let environment = ProcessInfo.processInfo.environment
        return ControlClient(
            server: server ?? environment["MOCK_PLATFORM_SERVER"] ?? "http://127.0.0.1:8080",
            tenant: tenant,
            adminToken: adminToken ?? environment["MOCK_PLATFORM_ADMIN_TOKEN"]
        )
    }
}
