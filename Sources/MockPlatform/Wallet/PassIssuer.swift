import Foundation

/// Builds and signs members' Wallet passes with the server's signing identity
/// (`loyalty-wallet.md` B, D): a fresh package, signed at the tenant's now, on every download.
public struct PassIssuer: Sendable {
    public let identity: SigningIdentity
    let publicURL: PublicBaseURL
    let branding = PassBranding.mock
    let images = PassImages.solid(PassBranding.mock)

    public init(identity: SigningIdentity, publicURL: PublicBaseURL) {
        self.identity = identity
        self.publicURL = publicURL
    }

    public var passTypeIdentifier: String { identity.passTypeIdentifier }

    /// The `.pkpass` bytes of a member's pass; `voided` when the member's loyalty is inactive.
    func archive(member: Member, pass: PassRecord, tenant: TenantName, now: Date) throws(APIError) -> [UInt8] {
        guard let account = member.loyalty else { throw .internal }
        let content = PassContent(
            member: PassMember(
                cardNumber: account.cardNumber, barcodeFormat: account.barcodeFormat == .qr ? .qr : .code128,
                firstName: member.firstName, lastName: member.lastName, points: account.points, pointsToGo: account.pointsToGo,
                tier: account.tier, expiringPoints: account.expiringPoints,
                expiringPointsDate: account.expiringPointsDate.map { CalendarDay(containing: $0) }, voided: !account.isActive
            ),
            branding: branding, passTypeIdentifier: identity.passTypeIdentifier, teamIdentifier: identity.teamIdentifier,
            webServiceURL: publicURL.string + tenant.pathPrefix + "/wallet", authenticationToken: pass.authenticationToken
        )
        do {
            return try PassPackage(content: content, images: images, signer: CMSPassSigner(identity: identity, signingTime: now)).archive
        } catch {
            throw APIError(.internalServerError, "the pass could not be built: \(error)")
        }
    }
}
