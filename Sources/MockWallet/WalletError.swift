import MockPlatformKit

/// Why a pass could not be built or signed, or why the signing certificates could not be loaded:
/// one line, fit for a startup error or a server log.
package struct WalletError: Error, CustomStringConvertible, Sendable, Equatable {
    package let description: String
    package init(_ description: String) { self.description = description }
}
