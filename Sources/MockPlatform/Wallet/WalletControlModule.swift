import OpenAPIRuntime

/// Wallet's control operations as a module, under `/_mock/wallet/` (`openapi/control.yaml`, tag
/// wallet): the development chain's root certificate and the logs devices sent. It keeps no
/// store of its own.
struct WalletControlModule: PlatformModule {
    /// The development signing chain's root (PEM); nil when real certificates sign passes.
    let walletRootPEM: String?

    var name: String { "wallet-control" }
    /// Its operations are the control API's.
    var document: String { "control" }
    var pathPrefixes: [String] { ["/_mock/wallet/"] }

    func registerHandlers(on transport: any ServerTransport, configuration: Configuration) throws {
        try WalletControlHandlers(walletRootPEM: walletRootPEM).registerHandlers(on: transport, configuration: configuration)
    }
}
