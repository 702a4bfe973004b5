import Foundation
import MockPlatformKit

/// The Wallet passes of loyalty members, as the loyalty API needs them: told of every change
/// to an account, and asked for a member's signed pass (`getWalletPass`). The server hands the
/// loyalty module the Wallet module's (`WalletPasses`); loyalty knows only this.
package protocol MemberPasses: Sendable {
    /// The pass type id a download naming `passID` gets under `settings`: the configured id, or
    /// while none is, `passID` itself when it is a pass type id; else what the download should
    /// have named.
    func passTypeIdentifier(requested passID: String, in settings: TenantSettings) -> Result<String, PassTypeRefusal>
    /// A member's account changed: its pass moves on to a new version, and the devices
    /// registered for it are told. Awaited before the change's response is sent.
    func accountChanged(_ account: Member.Account, in tenant: Tenant) async throws
    /// The signed pass of `member`, whose loyalty account is `account`, of the type
    /// `passTypeIdentifier` chose.
    func pass(of member: Member, account: Member.Account, type passTypeIdentifier: String, in tenant: Tenant) async throws -> IssuedPass
}

/// Why a download's `passId` is refused: what it must be, said after `passId`.
package struct PassTypeRefusal: Error, Sendable, Equatable {
    package let rule: String

    package init(rule: String) {
        self.rule = rule
    }
}

/// A member's pass as `getWalletPass` sends it.
package struct IssuedPass: Sendable {
    /// The signed `.pkpass` archive.
    package var archive: [UInt8]
    /// The pass's last change (`Last-Modified`).
    package var updatedAt: Date

    package init(archive: [UInt8], updatedAt: Date) {
        self.archive = archive
        self.updatedAt = updatedAt
    }
}
