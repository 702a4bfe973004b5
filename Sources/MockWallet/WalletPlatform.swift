import MockLoyalty
import MockPlatformKit

/// Loyalty with its Apple Wallet passes: the loyalty API, the PassKit web service and Wallet's
/// control operations, sharing one pass issuer, whose signing identity the five options choose
/// (`PassCertificateSettings`).
package enum WalletPlatform: Platform {
    package static let passCertificate = ProcessOption(
        "pass-certificate", valueName: "<file>",
        help: "Pass Type ID certificate (PEM) for real Wallet signing; with --pass-key, --wwdr-certificate, --team-id."
    )
    package static let passKey = ProcessOption("pass-key", valueName: "<file>", help: "The pass certificate's private key (PEM, unencrypted).")
    package static let wwdrCertificate = ProcessOption(
        "wwdr-certificate", valueName: "<file>", help: "The Apple WWDR intermediate that issued the pass certificate (PEM)."
    )
    package static let passTypeID = ProcessOption(
        "pass-type-id", valueName: "<id>",
        help: "passTypeIdentifier of the passes (pass.…), every tenant's wallet_pass_type_id; alone, the development chain signs it. Default: the real certificate's UID, else pass.com.example.mock.loyalty."
    )
    package static let teamID = ProcessOption(
        "team-id", valueName: "<id>", help: "The 10-character Apple team id. Default with the development chain: MOCKTEAM00."
    )

    package static var processOptions: [ProcessOption] { [passCertificate, passKey, wwdrCertificate, passTypeID, teamID] }

    package static func modules(_ startup: ModuleStartup) throws -> [any PlatformModule] {
        let settings = PassCertificateSettings(
            passCertificate: startup.options[passCertificate], passKey: startup.options[passKey],
            wwdrCertificate: startup.options[wwdrCertificate], passTypeIdentifier: startup.options[passTypeID],
            teamIdentifier: startup.options[teamID]
        )
        let identity: SigningIdentity
        do {
            identity = try SigningIdentity.load(
                settings: settings, developmentDirectory: startup.dataDirectory.appendingPathComponent("wallet"), now: startup.wallClock()
            )
        } catch {
            throw StartupError(error.description)
        }
        let issuer = PassIssuer(identity: identity, publicURL: startup.publicURL)
        // A pass type id asked for, or a chain that signs only its own, is every tenant's default.
        let named = settings.passTypeIdentifier.map { !$0.isEmpty } ?? false || !identity.signsAnyPassType
        return [
            LoyaltyModule(passes: WalletPasses(passIssuer: issuer)),
            WalletModule(passIssuer: issuer, defaultPassTypeID: named ? identity.passTypeIdentifier : nil),
            WalletControlModule(walletRootPEM: identity.developmentRootPEM),
        ]
    }
}
