import Foundation
import MockPlatformKit
@_spi(CMS) import X509

/// Signs with swift-certificates' `CMS.sign`: SHA-256 with RSA, the WWDR(-like) intermediate in
/// the certificate set, a `signingTime` attribute, detached (contract D).
///
/// The signing time is given, not read: the tenant clock is the server's only "now". The
/// attribute is a UTCTime, which holds only 1950–2049, so a time outside is clamped to the
/// nearest end of that range rather than failing the pass.
package struct CMSPassSigner: PassSigner {
    package var identity: SigningIdentity
    package var signingTime: Date

    /// 1950-01-01T00:00:00Z and 2049-12-31T23:59:59Z, the ends of UTCTime.
    static let signingTimeRange = Date(timeIntervalSince1970: -631_152_000)...Date(timeIntervalSince1970: 2_524_607_999)

    package init(identity: SigningIdentity, signingTime: Date) {
        self.identity = identity
        self.signingTime = signingTime
    }

    package func sign(manifest: [UInt8]) throws -> [UInt8] {
        let time = min(max(signingTime, Self.signingTimeRange.lowerBound), Self.signingTimeRange.upperBound)
        return try CMS.sign(
            manifest,
            signatureAlgorithm: .sha256WithRSAEncryption,
            additionalIntermediateCertificates: [identity.intermediateCertificate],
            certificate: identity.certificate,
            privateKey: identity.privateKey,
            signingTime: time,
            detached: true
        )
    }
}
