import Foundation

/// The Wallet passes of loyalty members, as the loyalty API needs them: told of every change
/// to an account, and asked for a member's signed pass (`getWalletPass`). The server hands the
/// loyalty module the Wallet module's (`WalletPasses`); loyalty knows only this.
package protocol MemberPasses: Sendable {
    /// The pass type id of a tenant's passes under `settings`.
    func passTypeIdentifier(in settings: TenantSettings) -> String
    /// A member's account changed: its pass moves on to a new version, and the devices
    /// registered for it are told. Awaited before the change's response is sent.
    func accountChanged(_ account: Member.Account, in tenant: Tenant) async throws
    /// The signed pass of `member`, whose loyalty account is `account`.
    func pass(of member: Member, account: Member.Account, in tenant: Tenant) async throws -> IssuedPass
}

/// A member's pass as `getWalletPass` sends it.
package struct IssuedPass: Sendable {
    /// The signed `.pkpass` archive.
    package var archive: [UInt8]
    /// The pass's last change (`Last-Modified`).
    package var updatedAt: Date
}
