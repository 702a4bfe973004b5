import Foundation

/// The server's side of one member's Wallet pass (`openapi/wallet.yaml`): who it is for, the
/// token devices authenticate with, and when it last changed.
public struct PassRecord: Sendable, Equatable, Codable {
    /// The card number.
    public var serialNumber: String
    public var memberID: String
    /// 32 URL-safe characters, never changed.
    public var authenticationToken: String
    /// The pass's last change (`Last-Modified`), whole seconds.
    public var updatedAt: Date
    /// The tenant's update tag at that change.
    public var updateTag: Int
}

/// A device registered for a pass's updates (PassKit web service endpoint 1).
public struct PassRegistration: Sendable, Equatable, Codable {
    public var deviceLibraryIdentifier: String
    public var passTypeIdentifier: String
    public var serialNumber: String
    public var pushToken: String
}

/// One line a device sent to `POST /wallet/v1/log`.
public struct WalletLogEntry: Sendable, Equatable, Codable {
    public var at: Date
    public var message: String
}
