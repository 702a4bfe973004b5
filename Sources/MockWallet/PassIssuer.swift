import Foundation
import MockLoyalty
import MockPlatformKit

/// Builds and signs members' Wallet passes with the server's signing identity
/// (`openapi/loyalty.yaml` getWalletPass, `openapi/wallet.yaml`): a fresh package, signed at
/// the tenant's now, on every download.
package struct PassIssuer: Sendable {
    package let identity: SigningIdentity
    let publicURL: PublicBaseURL
    let branding = PassBranding.mock
    let images = PassImages.solid(PassBranding.mock)

    package init(identity: SigningIdentity, publicURL: PublicBaseURL) {
        self.identity = identity
        self.publicURL = publicURL
    }

    /// The pass type id every tenant must use: the real certificate's; nil while the
    /// development chain signs, which signs any id.
    package var fixedPassTypeIdentifier: String? { identity.signsAnyPassType ? nil : identity.passTypeIdentifier }

    /// The pass type id configured for a tenant's passes: its `wallet_pass_type_id`, unless a
    /// real certificate fixes it; nil when neither names one.
    func configuredPassTypeIdentifier(in settings: TenantSettings) -> String? {
        fixedPassTypeIdentifier ?? settings.wallet.passTypeID
    }

    /// The `.pkpass` bytes of a member's pass of type `passTypeIdentifier`; `voided` when the
    /// member's loyalty is inactive.
    func archive(
        member: Member, pass: PassRecord, passTypeIdentifier: String, tenant: TenantName, now: Date
    ) throws(APIError) -> [UInt8] {
        guard let account = member.loyalty else { throw .internal }
        let identity: SigningIdentity
        do {
            identity = try self.identity.signing(passTypeIdentifier, now: now)
        } catch {
            throw APIError(.internalServerError, "the pass could not be signed: \(error)")
        }
        let content = PassContent(
            member: PassMember(
                cardNumber: account.cardNumber, barcodeFormat: account.barcodeFormat == .qr ? .qr : .code128,
                firstName: member.firstName, lastName: member.lastName, points: account.points, pointsToGo: account.pointsToGo,
                tier: account.tier, expiringPoints: account.expiringPoints,
                expiringPointsDate: account.expiringPointsDate.map { CalendarDay(containing: $0) }, voided: !account.isActive
            ),
            branding: branding, passTypeIdentifier: passTypeIdentifier, teamIdentifier: identity.teamIdentifier,
            webServiceURL: publicURL.string + tenant.pathPrefix + "/wallet", authenticationToken: pass.authenticationToken
        )
        do {
            return try PassPackage(content: content, images: images, signer: CMSPassSigner(identity: identity, signingTime: now)).archive
        } catch {
            throw APIError(.internalServerError, "the pass could not be built: \(error)")
        }
    }
}
