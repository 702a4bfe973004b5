import Foundation
import MockPlatformKit

/// The server's side of one member's Wallet pass (`openapi/wallet.yaml`): who it is for, the
/// token devices authenticate with, and when it last changed.
package struct PassRecord: Sendable, Equatable, Codable {
    /// The card number.
    package var serialNumber: String
    package var memberID: String
    /// 32 URL-safe characters, never changed.
    package var authenticationToken: String
    /// The pass's last change (`Last-Modified`), whole seconds.
    package var updatedAt: Date
    /// The tenant's update tag at that change.
    package var updateTag: Int
    /// The pass type id its last download named, while the tenant has none configured; nil for
    /// a pass never downloaded so (`WalletStore.passTypeIdentifier(of:)`).
    package var passTypeIdentifier: String?
}

/// A device registered for a pass's updates (PassKit web service endpoint 1).
package struct PassRegistration: Sendable, Equatable, Codable {
    package var deviceLibraryIdentifier: String
    package var passTypeIdentifier: String
    package var serialNumber: String
    package var pushToken: String
}

/// One line a device sent to `POST /wallet/v1/log`.
package struct WalletLogEntry: Sendable, Equatable, Codable {
    package var at: Date
    package var message: String
}
