import Foundation
import MockPlatformKit

/// The Wallet signing settings of contract D.2 (`--pass-certificate`, `--pass-key`,
/// `--wwdr-certificate`, `--team-id`, `--pass-type-id` and their `MOCK_PLATFORM_…` variables).
/// The four certificate settings set mean real certificates, none means the development chain,
/// and anything in between is a startup error. `--pass-type-id` goes with either: alone, the
/// development chain signs passes of that id (an app's own `loyaltyWalletPassId`); with real
/// certificates it defaults to the certificate's UID.
package struct PassCertificateSettings: Sendable, Equatable {
    /// Path to the Pass Type ID certificate (PEM).
    package var passCertificate: String?
    /// Path to its private key (PEM, unencrypted).
    package var passKey: String?
    /// Path to the Apple WWDR intermediate that issued the certificate (PEM).
    package var wwdrCertificate: String?
    /// `pass.…`, the `passTypeIdentifier` of passes (every tenant's default).
    package var passTypeIdentifier: String?
    /// The 10-character Apple team id, the `teamIdentifier` of every pass.
    package var teamIdentifier: String?

    /// What the settings ask for.
    package enum Choice: Sendable, Equatable {
        /// The development chain, signing `passTypeIdentifier` (nil: the chain's default).
        case development(passTypeIdentifier: String?)
        /// Real certificates; a nil `passTypeIdentifier` is the certificate's UID.
        case real(certificate: URL, key: URL, wwdrCertificate: URL, passTypeIdentifier: String?, teamIdentifier: String)
    }

    /// Empty strings count as unset.
    package init(
        passCertificate: String? = nil, passKey: String? = nil, wwdrCertificate: String? = nil,
        passTypeIdentifier: String? = nil, teamIdentifier: String? = nil
    ) {
        self.passCertificate = passCertificate
        self.passKey = passKey
        self.wwdrCertificate = wwdrCertificate
        self.passTypeIdentifier = passTypeIdentifier
        self.teamIdentifier = teamIdentifier
    }

    /// Real certificates when the four certificate settings are set, the development chain when
    /// none are.
    ///
    /// - Throws: `WalletError` naming the missing settings when only some are set.
    package func choice() throws(WalletError) -> Choice {
        let settings: [(flag: String, value: String?)] = [
            ("--pass-certificate", passCertificate), ("--pass-key", passKey), ("--wwdr-certificate", wwdrCertificate),
            ("--team-id", teamIdentifier),
        ]
        let passTypeIdentifier = passTypeIdentifier.flatMap { $0.isEmpty ? nil : $0 }
        let missing = settings.filter { $0.value?.isEmpty ?? true }.map(\.flag)
        if missing.count == settings.count { return .development(passTypeIdentifier: passTypeIdentifier) }
        guard missing.isEmpty, let passCertificate, let passKey, let wwdrCertificate, let teamIdentifier else {
            let names = missing.map { "\($0) (\(Self.environmentName(of: $0)))" }.joined(separator: ", ")
            throw WalletError(
                "wallet certificates: set all four of --pass-certificate, --pass-key, --wwdr-certificate, --team-id or none (--pass-type-id alone is fine); missing \(names)"
            )
        }
        return .real(
            certificate: URL(fileURLWithPath: passCertificate), key: URL(fileURLWithPath: passKey),
            wwdrCertificate: URL(fileURLWithPath: wwdrCertificate),
            passTypeIdentifier: passTypeIdentifier, teamIdentifier: teamIdentifier
        )
    }

    /// `--pass-key` → `MOCK_PLATFORM_PASS_KEY`.
    private static func environmentName(of flag: String) -> String {
        "MOCK_PLATFORM_" + flag.dropFirst(2).uppercased().replacingOccurrences(of: "-", with: "_")
    }
}
