import MockPlatformKit

extension Tenant {
    /// The tenant's Wallet passes and their devices.
    package var wallet: WalletStore { get throws(APIError) { try store(WalletStore.self) } }
}
