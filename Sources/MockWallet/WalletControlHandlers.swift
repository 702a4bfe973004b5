import Foundation
import MockPlatformKit
import OpenAPIRuntime
import WalletControlAPI

/// Wallet passes for tests under `/_mock/wallet/` (`openapi/control.yaml`, tag wallet): the
/// development chain's root, to check a pass's signature, and the logs devices sent.
struct WalletControlHandlers: APIProtocol {
    /// The development signing chain's root (PEM); nil when real certificates sign passes.
    let walletRootPEM: String?

    func getWalletRootCertificate(
        _ input: Operations.GetWalletRootCertificate.Input
    ) async throws -> Operations.GetWalletRootCertificate.Output {
        guard let walletRootPEM else {
            throw APIError.notFound("passes are signed with configured certificates; there is no development root")
        }
        return .ok(.init(body: .applicationXPemFile(HTTPBody(walletRootPEM))))
    }

    func listWalletLogs(_ input: Operations.ListWalletLogs.Input) async throws -> Operations.ListWalletLogs.Output {
        let logs = try await Tenant.bound().wallet.logs
        return .ok(.init(body: .json(.init(logs: logs.map { .init(at: $0.at, message: $0.message) }))))
    }
}
