/// Why a pass could not be built or signed, or why the signing certificates could not be loaded:
/// one line, fit for a startup error or a server log.
public struct WalletError: Error, CustomStringConvertible, Sendable, Equatable {
    public let description: String
    public init(_ description: String) { self.description = description }
}
