import MockPlatformKit

/// The push that tells Wallet a registered pass changed (PassKit web service).
extension PushKind {
    static let walletPassUpdate = PushKind(rawValue: "wallet_pass_update")
}
