import MockLoyalty
import MockPlatformKit

/// The Wallet module's side of loyalty members' passes (`MemberPasses`): a change to an account
/// moves its pass in the tenant's Wallet store; a member's pass is built from the member and
/// that store's record of it (issued on first use for a member a state document brought).
package struct WalletPasses: MemberPasses {
    /// Builds and signs the passes.
    package let passIssuer: PassIssuer

    package init(passIssuer: PassIssuer) {
        self.passIssuer = passIssuer
    }

    package func passTypeIdentifier(requested passID: String, in settings: TenantSettings) -> Result<String, PassTypeRefusal> {
        if let configured = passIssuer.configuredPassTypeIdentifier(in: settings) {
            return passID == configured ? .success(configured) : .failure(PassTypeRefusal(rule: configured))
        }
        return PassTypeIdentifier.isWellFormed(passID) ? .success(passID) : .failure(PassTypeRefusal(rule: PassTypeIdentifier.rule))
    }

    package func accountChanged(_ account: Member.Account, in tenant: Tenant) async throws {
        try await tenant.wallet.passChanged(account.cardNumber)
    }

    package func pass(of member: Member, account: Member.Account, type passTypeIdentifier: String, in tenant: Tenant) async throws -> IssuedPass {
        let pass = try await tenant.wallet.issuedPass(card: account.cardNumber, memberID: member.id, type: passTypeIdentifier)
        // The member as of after the pass was read, so that the archive shows at least the
        // change its `Last-Modified` names (an apply may have run between the two reads).
        let member = try await tenant.loyalty.storedMember(member.id) ?? member
        let archive = try passIssuer.archive(
            member: member, pass: pass, passTypeIdentifier: passTypeIdentifier, tenant: tenant.name,
            now: tenant.clock.now
        )
        return IssuedPass(archive: archive, updatedAt: pass.updatedAt)
    }
}
