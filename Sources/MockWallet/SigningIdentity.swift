import Foundation
import MockPlatformKit
import X509

/// What signs passes: the Pass Type ID certificate and its key, the (WWDR or WWDR-like)
/// intermediate that issued it, and the pass type and team ids every `pass.json` carries.
///
/// Either the development chain kept in a folder (contract D.1) or real PEM files (D.2). Load it
/// once at startup and share it: building a `CMSPassSigner` from it costs nothing.
package struct SigningIdentity: Sendable {
    package let certificate: Certificate
    package let privateKey: Certificate.PrivateKey
    package let intermediateCertificate: Certificate
    package let passTypeIdentifier: String
    package let teamIdentifier: String
    /// The development root certificate as PEM, for `GET /_mock/wallet/ca.pem`; nil with real
    /// certificates.
    package let developmentRootPEM: String?
    /// One line each for the startup log: a development chain created or renewed, and the
    /// warnings of D.2 (certificate UID ≠ pass type id, intermediate not the issuer, expiry).
    package let notices: [String]
    /// The development chain's issuer of certificates for other pass type ids; nil with real
    /// certificates, which sign their own id only.
    let otherPassTypes: DevelopmentPassCertificates?

    /// `passTypeIdentifier` of passes signed by the development chain.
    package static let developmentPassTypeIdentifier = DevelopmentChain.passTypeIdentifier

    init(
        certificate: Certificate, privateKey: Certificate.PrivateKey, intermediateCertificate: Certificate,
        passTypeIdentifier: String, teamIdentifier: String, developmentRootPEM: String?, notices: [String],
        otherPassTypes: DevelopmentPassCertificates? = nil
    ) {
        self.certificate = certificate
        self.privateKey = privateKey
        self.intermediateCertificate = intermediateCertificate
        self.passTypeIdentifier = passTypeIdentifier
        self.teamIdentifier = teamIdentifier
        self.developmentRootPEM = developmentRootPEM
        self.notices = notices
        self.otherPassTypes = otherPassTypes
    }

    /// Whether passes of any pass type id can be signed (the development chain), not only
    /// `passTypeIdentifier`.
    package var signsAnyPassType: Bool { otherPassTypes != nil }

    /// This identity signing passes of `passTypeIdentifier`: itself for its own id; with the
    /// development chain, a certificate issued for that id.
    ///
    /// - Throws: `WalletError` for another id with real certificates, or when issuing fails.
    package func signing(_ passTypeIdentifier: String, now: Date) throws(WalletError) -> SigningIdentity {
        if passTypeIdentifier == self.passTypeIdentifier { return self }
        guard let otherPassTypes else {
            throw WalletError("the pass certificate signs \(self.passTypeIdentifier) only, not \(passTypeIdentifier)")
        }
        return try otherPassTypes.identity(for: passTypeIdentifier, base: self, now: now)
    }

    /// The identity the settings choose: real certificates when the four certificate settings
    /// are set, otherwise the development chain kept in `developmentDirectory` (e.g.
    /// `<data-dir>/wallet/`), signing `--pass-type-id` when it is given.
    ///
    /// - Parameter now: the instant certificates are made or checked against.
    /// - Throws: `WalletError` for a partial set of settings, unreadable files or a chain that
    ///   cannot sign.
    package static func load(settings: PassCertificateSettings, developmentDirectory: URL, now: Date) throws(WalletError) -> SigningIdentity {
        switch try settings.choice() {
        case .development(let passTypeIdentifier):
            let chain = try development(in: developmentDirectory, now: now)
            guard let passTypeIdentifier else { return chain }
            return try chain.signing(passTypeIdentifier, now: now)
        case let .real(certificate, key, wwdrCertificate, passTypeIdentifier, teamIdentifier):
            return try real(
                certificate: certificate, key: key, wwdrCertificate: wwdrCertificate,
                passTypeIdentifier: passTypeIdentifier, teamIdentifier: teamIdentifier, now: now
            )
        }
    }

    /// The development chain stored in `directory`, created there on first use (root →
    /// intermediate → pass certificate, contract D.1) and reused on later calls. A pass
    /// certificate that has expired at `now` is renewed from the stored intermediate; a chain
    /// whose intermediate or root has expired is made anew.
    ///
    /// - Throws: `WalletError` when the folder holds only part of a chain or files that do not
    ///   parse, or cannot be written.
    package static func development(in directory: URL, now: Date) throws(WalletError) -> SigningIdentity {
        try DevelopmentChain.load(from: directory, now: now)
    }

    /// Real certificates from PEM files (contract D.2). The certificates are embedded in every
    /// signature byte for byte as read. A nil `passTypeIdentifier` is the certificate's UID.
    ///
    /// - Throws: `WalletError` when a file cannot be read or parsed, the key is not the
    ///   certificate's, or a trial signature fails.
    package static func real(
        certificate certificateFile: URL, key keyFile: URL, wwdrCertificate wwdrFile: URL,
        passTypeIdentifier: String?, teamIdentifier: String, now: Date
    ) throws(WalletError) -> SigningIdentity {
        let certificate = try PEMFile.certificate(at: certificateFile, role: "pass certificate")
        let uid = PassCertificateSubject.userID(of: certificate)
        guard let passTypeIdentifier = passTypeIdentifier ?? uid else {
            throw WalletError("pass certificate \(certificateFile.path) has no UID: set --pass-type-id (MOCK_PLATFORM_PASS_TYPE_ID)")
        }
        let key = try PEMFile.privateKey(at: keyFile, role: "pass key")
        let wwdr = try PEMFile.certificate(at: wwdrFile, role: "WWDR certificate")
        guard key.publicKey == certificate.publicKey else {
            throw WalletError("pass key \(keyFile.path) is not the private key of pass certificate \(certificateFile.path)")
        }
        var notices: [String] = []
        if uid != passTypeIdentifier {
            notices.append("warning: pass certificate UID \(uid ?? "(none)") differs from --pass-type-id \(passTypeIdentifier)")
        }
        if certificate.issuer != wwdr.subject {
            notices.append("warning: pass certificate issuer \(certificate.issuer) is not the WWDR certificate's subject \(wwdr.subject)")
        }
        if certificate.notValidAfter <= now {
            notices.append("warning: pass certificate expired at \(certificate.notValidAfter)")
        }
        let identity = SigningIdentity(
            certificate: certificate, privateKey: key, intermediateCertificate: wwdr,
            passTypeIdentifier: passTypeIdentifier, teamIdentifier: teamIdentifier, developmentRootPEM: nil, notices: notices
        )
        try identity.trialSignature(now: now)
        return identity
    }

    /// Signs a few bytes, so that a key `CMS.sign` cannot use (an EC key, say) fails at startup
    /// rather than on the first pass.
    func trialSignature(now: Date) throws(WalletError) {
        do {
            _ = try CMSPassSigner(identity: self, signingTime: now).sign(manifest: Array("{}".utf8))
        } catch {
            throw WalletError("the pass certificate and key cannot sign with SHA-256 and RSA: \(error)")
        }
    }
}
