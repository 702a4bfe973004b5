import OpenAPIRuntime

/// The PassKit web service (`openapi/wallet.yaml`) as a platform module. Its state is the
/// loyalty store's (a pass is a view of its member), so it makes no store of its own.
struct WalletModule: PlatformModule {
    /// Builds the members' Wallet passes.
    let passIssuer: PassIssuer

    var name: String { "wallet" }
    var pathPrefixes: [String] { ["/wallet/"] }
    var errorShape: any ErrorShape { ProblemErrorShape(titles: WalletProblem.titles, unknownRouteMessage: "unknown wallet endpoint") }
    var rules: [String: OperationRule] { WalletHandlers.rules }
    var pushKinds: [DeclaredPushKind] { [DeclaredPushKind(.walletPassUpdate, recipient: .wallet)] }

    func registerHandlers(on transport: any ServerTransport, configuration: Configuration) throws {
        try WalletHandlers(passIssuer: passIssuer).registerHandlers(on: transport, configuration: configuration)
    }
}
