import ControlAPI
import Foundation
import OpenAPIRuntime

/// Wallet passes for tests (`openapi/control.yaml`, tag wallet).
extension ControlHandlers {
    func getWalletRootCertificate(
        _ input: Operations.GetWalletRootCertificate.Input
    ) async throws -> Operations.GetWalletRootCertificate.Output {
        guard let walletRootPEM else {
            throw APIError.notFound("passes are signed with configured certificates; there is no development root")
        }
        return .ok(.init(body: .applicationXPemFile(HTTPBody(walletRootPEM))))
    }

    func listWalletLogs(_ input: Operations.ListWalletLogs.Input) async throws -> Operations.ListWalletLogs.Output {
        let logs = try await Tenant.bound().loyalty.logs
        return .ok(.init(body: .json(.init(logs: logs.map { .init(at: $0.at, message: $0.message) }))))
    }
}
