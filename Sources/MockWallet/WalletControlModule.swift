import MockPlatformKit
import OpenAPIRuntime

/// Wallet's control operations as a module, under `/_mock/wallet/` (`openapi/control.yaml`, tag
/// wallet): the development chain's root certificate and the logs devices sent. It keeps no
/// store of its own.
package struct WalletControlModule: PlatformModule {
    /// The development signing chain's root (PEM); nil when real certificates sign passes.
    package let walletRootPEM: String?

    package init(walletRootPEM: String?) {
        self.walletRootPEM = walletRootPEM
    }

    package var name: String { "wallet-control" }
    /// Its operations are the control API's.
    package var document: String { "control" }
    package var pathPrefixes: [String] { ["/_mock/wallet/"] }

    package func registerHandlers(on transport: any ServerTransport, configuration: Configuration) throws {
        try WalletControlHandlers(walletRootPEM: walletRootPEM).registerHandlers(on: transport, configuration: configuration)
    }
}
