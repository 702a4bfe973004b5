import MockPlatformKit

extension LimitRejection {
    /// A PassKit log request with more than 100 lines.
    static let walletLog = Self(rawValue: "wallet_log")
}
