import Foundation
import MockPlatformKit
import Synchronization
import X509

/// Pass certificates the development chain's intermediate issues on demand, one per pass type
/// id other than the stored certificate's (`--pass-type-id`, the tenant setting
/// `wallet_pass_type_id`), so that every pass is signed by a certificate whose UID is its own
/// `passTypeIdentifier`, as with Apple-issued ones. Kept in memory, at most `capacity` ids.
final class DevelopmentPassCertificates: Sendable {
    static let capacity = 32

    private let intermediate: Certificate
    private let key: Certificate.PrivateKey
    private let issued = Mutex<[String: (certificate: Certificate, key: Certificate.PrivateKey)]>([:])

    init(intermediate: Certificate, key: Certificate.PrivateKey) {
        self.intermediate = intermediate
        self.key = key
    }

    /// `base` signing passes of `passTypeIdentifier` instead, with a certificate issued for it
    /// (the key is made outside the lock; a full cache starts again).
    func identity(for passTypeIdentifier: String, base: SigningIdentity, now: Date) throws(WalletError) -> SigningIdentity {
        let pair: (certificate: Certificate, key: Certificate.PrivateKey)
        if let known = issued.withLock({ $0[passTypeIdentifier] }), known.certificate.notValidAfter > now {
            pair = known
        } else {
            pair = try DevelopmentChain.issuePassCertificate(
                by: intermediate, key: key, passTypeIdentifier: passTypeIdentifier, now: now
            )
            issued.withLock { issued in
                if issued.count >= Self.capacity { issued.removeAll() }
                issued[passTypeIdentifier] = pair
            }
        }
        return SigningIdentity(
            certificate: pair.certificate, privateKey: pair.key, intermediateCertificate: intermediate,
            passTypeIdentifier: passTypeIdentifier, teamIdentifier: base.teamIdentifier,
            developmentRootPEM: base.developmentRootPEM, notices: [], otherPassTypes: self
        )
    }
}
