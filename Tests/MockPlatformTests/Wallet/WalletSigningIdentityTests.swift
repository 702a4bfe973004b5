import Crypto
import Foundation
@testable import MockPlatform
@testable import MockWallet
import XCTest

/// The signing chain: the development chain of contract D.1, made once per folder and reused,
/// and real PEM files (D.2), all five settings or none.
final class WalletSigningIdentityTests: XCTestCase {
    private static let chainFiles = ["pass-certificate.pem", "pass-key.pem", "root-certificate.pem", "wwdr-certificate.pem", "wwdr-key.pem"]

    private func fingerprint(_ pem: String?) throws -> String {
        let folder = WalletFixtures.temporaryDirectory(for: self)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let url = folder.appendingPathComponent("root.pem")
        try Data(try XCTUnwrap(pem).utf8).write(to: url)
        return SHA256.hash(data: try WalletFixtures.derBytes(ofPEMFile: url)).map { String(format: "%02x", $0) }.joined()
    }

    func testTheDevelopmentChainIsCreatedOnceAndReusedFromItsFolder() throws {
        let folder = WalletFixtures.temporaryDirectory(for: self)
        let first = try SigningIdentity.development(in: folder, now: Date())
        XCTAssertEqual(first.notices, ["created a development wallet signing chain in \(folder.path)"])
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted(), Self.chainFiles)
        for key in ["pass-key.pem", "wwdr-key.pem"] {
            let attributes = try FileManager.default.attributesOfItem(atPath: folder.appendingPathComponent(key).path)
            XCTAssertEqual((attributes[.posixPermissions] as? NSNumber)?.intValue, 0o600, key)
        }

        let second = try SigningIdentity.development(in: folder, now: Date())
        XCTAssertEqual(second.notices, [])
        XCTAssertEqual(try fingerprint(second.developmentRootPEM), try fingerprint(first.developmentRootPEM))
        XCTAssertEqual(second.certificate, first.certificate)
        XCTAssertEqual(second.intermediateCertificate, first.intermediateCertificate)
        XCTAssertEqual(second.passTypeIdentifier, "pass.com.example.mock.loyalty")
        XCTAssertEqual(second.teamIdentifier, "MOCKTEAM00")

        let loaded = try SigningIdentity.load(settings: PassCertificateSettings(), developmentDirectory: folder, now: Date())
        XCTAssertEqual(try fingerprint(loaded.developmentRootPEM), try fingerprint(first.developmentRootPEM))
        XCTAssertNotEqual(try fingerprint(loaded.developmentRootPEM), try fingerprint(try WalletFixtures.identity().developmentRootPEM))
    }

    func testTheDevelopmentChainHasTheNamesKeysValidityAndExtensionsOfD1() throws {
        let folder = WalletFixtures.sharedDirectory
        _ = try WalletFixtures.identity()
        let expected: [(file: String, subject: String, issuer: String, years: Int, extensions: [String])] = [
            ("root-certificate.pem", "CN = Mock Wallet Root CA", "CN = Mock Wallet Root CA", 10,
             ["X509v3 Basic Constraints: critical\n                CA:TRUE\n", "X509v3 Key Usage: critical\n                Certificate Sign, CRL Sign\n"]),
            ("wwdr-certificate.pem", "CN = Mock Worldwide Developer Relations CA", "CN = Mock Wallet Root CA", 5,
             ["X509v3 Basic Constraints: critical\n                CA:TRUE, pathlen:0\n", "X509v3 Key Usage: critical\n                Certificate Sign, CRL Sign\n"]),
            ("pass-certificate.pem",
             "UID = pass.com.example.mock.loyalty, CN = Pass Type ID: pass.com.example.mock.loyalty, OU = MOCKTEAM00, O = Mock Retail, C = US",
             "CN = Mock Worldwide Developer Relations CA", 1,
             ["X509v3 Basic Constraints: critical\n                CA:FALSE\n", "X509v3 Key Usage: critical\n                Digital Signature\n"]),
        ]
        for certificate in expected {
            let text = try WalletOpenSSL.run(["x509", "-in", certificate.file, "-noout", "-text"], in: folder)
            XCTAssertEqual(text.status, 0, text.error)
            XCTAssertTrue(text.output.contains("Public-Key: (2048 bit)"), certificate.file)
            XCTAssertTrue(text.output.contains("Signature Algorithm: sha256WithRSAEncryption"), certificate.file)
            for fragment in certificate.extensions {
                XCTAssertTrue(text.output.contains(fragment), "\(certificate.file) lacks \(fragment)\n\(text.output)")
            }
            let names = try WalletOpenSSL.run(["x509", "-in", certificate.file, "-noout", "-subject", "-issuer", "-startdate", "-enddate", "-dateopt", "iso_8601"], in: folder)
            let lines = names.output.split(separator: "\n").map(String.init)
            XCTAssertEqual(lines.count, 4, names.output + names.error)
            guard lines.count == 4 else { continue }
            XCTAssertEqual(lines[0], "subject=" + certificate.subject)
            XCTAssertEqual(lines[1], "issuer=" + certificate.issuer)
            let start = lines[2].dropFirst("notBefore=".count), end = lines[3].dropFirst("notAfter=".count)
            XCTAssertEqual(Int(end.prefix(4)), Int(start.prefix(4)).map { $0 + certificate.years }, "\(certificate.file): \(start) – \(end)")
            if !start.contains("-02-29") {
                XCTAssertEqual(end.dropFirst(4), start.dropFirst(4), "\(certificate.file): \(start) – \(end)")
            }
        }
        let chain = try WalletOpenSSL.run(
            ["verify", "-CAfile", "root-certificate.pem", "-untrusted", "wwdr-certificate.pem", "pass-certificate.pem"], in: folder
        )
        XCTAssertEqual(chain.status, 0, chain.output + chain.error)
    }

    func testAnExpiredPassCertificateIsRenewedUnderTheSameRoot() throws {
        let folder = WalletFixtures.temporaryDirectory(for: self)
        let now = Date()
        let first = try SigningIdentity.development(in: folder, now: now)
        let later = now.addingTimeInterval(400 * 86_400)
        let renewed = try SigningIdentity.development(in: folder, now: later)
        XCTAssertEqual(renewed.notices, ["renewed the development pass certificate in \(folder.path)"])
        XCTAssertEqual(try fingerprint(renewed.developmentRootPEM), try fingerprint(first.developmentRootPEM))
        XCTAssertNotEqual(renewed.certificate, first.certificate)
        XCTAssertGreaterThan(renewed.certificate.notValidAfter, later)
        XCTAssertEqual(try SigningIdentity.development(in: folder, now: later).certificate, renewed.certificate)

        let muchLater = now.addingTimeInterval(6 * 366 * 86_400)
        let remade = try SigningIdentity.development(in: folder, now: muchLater)
        XCTAssertEqual(remade.notices.count, 1)
        XCTAssertTrue(remade.notices[0].contains("had expired; created a new one"), remade.notices[0])
        XCTAssertNotEqual(try fingerprint(remade.developmentRootPEM), try fingerprint(first.developmentRootPEM))
    }

    func testCertificatesStartAtTheWholeSecondBeforeNowSoAFreshChainVerifiesAtOnce() throws {
        let now = Date(timeIntervalSince1970: 1_800_000_000.9)
        let identity = try SigningIdentity.development(in: WalletFixtures.temporaryDirectory(for: self), now: now)
        XCTAssertEqual(identity.certificate.notValidBefore, Date(timeIntervalSince1970: 1_800_000_000))
        XCTAssertEqual(identity.intermediateCertificate.notValidBefore, Date(timeIntervalSince1970: 1_800_000_000))
    }

    func testAnIncompleteDevelopmentFolderIsRefused() throws {
        let folder = WalletFixtures.temporaryDirectory(for: self)
        _ = try SigningIdentity.development(in: folder, now: Date())
        try FileManager.default.removeItem(at: folder.appendingPathComponent("pass-key.pem"))
        XCTAssertThrowsError(try SigningIdentity.development(in: folder, now: Date())) { error in
            XCTAssertEqual(
                "\(error)",
                "the wallet development chain in \(folder.path) is incomplete (missing pass-key.pem); remove its .pem files to create a new one"
            )
        }
    }

    func testThePassTypeIDAloneMakesTheDevelopmentChainIssueACertificateForIt() throws {
        let folder = WalletFixtures.temporaryDirectory(for: self)
        let appID = "pass.com.poqstudio.demo.loyaltycard"
        let identity = try SigningIdentity.load(
            settings: PassCertificateSettings(passTypeIdentifier: appID), developmentDirectory: folder, now: Date()
        )
        XCTAssertEqual(identity.passTypeIdentifier, appID)
        XCTAssertEqual(PassCertificateSubject.userID(of: identity.certificate), appID, "the signing certificate's UID is the pass's id")
        XCTAssertNotNil(identity.developmentRootPEM)
        let stored = try SigningIdentity.development(in: folder, now: Date())
        XCTAssertEqual(identity.intermediateCertificate, stored.intermediateCertificate, "issued by the stored chain's intermediate")
        XCTAssertEqual(PassCertificateSubject.userID(of: stored.certificate), SigningIdentity.developmentPassTypeIdentifier)
        let again = try stored.signing(appID, now: Date())
        XCTAssertEqual(again.certificate, try stored.signing(appID, now: Date()).certificate, "one certificate per id, kept")
    }

    func testAPartialSetOfRealCertificateSettingsIsRefusedWithOneLine() throws {
        let partial = PassCertificateSettings(passCertificate: "/etc/pass.pem", passKey: "", teamIdentifier: "ABCDE12345")
        let message = "wallet certificates: set all four of --pass-certificate, --pass-key, --wwdr-certificate, --team-id or none (--pass-type-id alone is fine); "
            + "missing --pass-key (MOCK_PLATFORM_PASS_KEY), --wwdr-certificate (MOCK_PLATFORM_WWDR_CERTIFICATE)"
        XCTAssertThrowsError(try partial.choice()) { XCTAssertEqual("\($0)", message) }
        let folder = WalletFixtures.temporaryDirectory(for: self)
        XCTAssertThrowsError(try SigningIdentity.load(settings: partial, developmentDirectory: folder, now: Date())) { error in
            XCTAssertEqual("\(error)", message)
            XCTAssertFalse("\(error)".contains("\n"))
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.path), "no development chain is made for a partial set")

        XCTAssertEqual(try PassCertificateSettings().choice(), .development(passTypeIdentifier: nil))
        XCTAssertEqual(try PassCertificateSettings(passCertificate: "", passKey: "", wwdrCertificate: "", passTypeIdentifier: "", teamIdentifier: "").choice(), .development(passTypeIdentifier: nil))
        XCTAssertEqual(try PassCertificateSettings(passTypeIdentifier: "pass.com.poqstudio.demo.loyaltycard").choice(),
                       .development(passTypeIdentifier: "pass.com.poqstudio.demo.loyaltycard"), "the pass type id alone keeps the development chain")
    }

    func testRealCertificatesLoadFromPEMFilesAndSignWithThoseBytes() throws {
        // The shared development chain's files stand in for Apple-issued ones; the key file
        // carries the "Bag Attributes" preamble `openssl pkcs12 -nocerts -nodes` writes.
        let source = WalletFixtures.sharedDirectory
        _ = try WalletFixtures.identity()
        let folder = WalletFixtures.temporaryDirectory(for: self)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let key = try String(contentsOf: source.appendingPathComponent("pass-key.pem"), encoding: .utf8)
        try Data(("Bag Attributes\n    localKeyID: 01 02 03\nKey Attributes: <No Attributes>\n" + key).utf8)
            .write(to: folder.appendingPathComponent("key.pem"))
        let settings = PassCertificateSettings(
            passCertificate: source.appendingPathComponent("pass-certificate.pem").path,
            passKey: folder.appendingPathComponent("key.pem").path,
            wwdrCertificate: source.appendingPathComponent("wwdr-certificate.pem").path,
            passTypeIdentifier: "pass.com.example.mock.loyalty", teamIdentifier: "ABCDE12345"
        )
        let identity = try SigningIdentity.load(settings: settings, developmentDirectory: folder.appendingPathComponent("unused"), now: Date())
        XCTAssertEqual(identity.notices, [])
        XCTAssertNil(identity.developmentRootPEM)
        XCTAssertEqual(identity.teamIdentifier, "ABCDE12345")
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("unused").path))

        // A manifest signed with them verifies, and carries the certificates byte for byte.
        let manifest = Array(#"{"pass.json":"0123456789abcdef0123456789abcdef01234567"}"#.utf8)
        let signature = try CMSPassSigner(identity: identity, signingTime: Date()).sign(manifest: manifest)
        for file in ["wwdr-certificate.pem", "pass-certificate.pem"] {
            XCTAssertTrue(signature.contains(subsequence: try WalletFixtures.derBytes(ofPEMFile: source.appendingPathComponent(file))), file)
        }
        try Data(manifest).write(to: folder.appendingPathComponent("manifest.json"))
        try Data(signature).write(to: folder.appendingPathComponent("signature"))
        let verified = try WalletOpenSSL.verifyPass(in: folder, rootPEM: try XCTUnwrap(try WalletFixtures.identity().developmentRootPEM))
        XCTAssertEqual(verified.status, 0, verified.error)

        var fromCertificate = settings
        fromCertificate.passTypeIdentifier = nil
        let byUID = try SigningIdentity.load(settings: fromCertificate, developmentDirectory: folder, now: Date())
        XCTAssertEqual(byUID.passTypeIdentifier, "pass.com.example.mock.loyalty", "without --pass-type-id, the certificate's UID")
        XCTAssertThrowsError(try byUID.signing("pass.com.example.other", now: Date()), "real certificates sign their own id only")

        var mismatched = settings
        mismatched.passTypeIdentifier = "pass.com.example.other"
        let warned = try SigningIdentity.load(settings: mismatched, developmentDirectory: folder, now: Date())
        XCTAssertEqual(warned.notices, ["warning: pass certificate UID pass.com.example.mock.loyalty differs from --pass-type-id pass.com.example.other"])
    }

    func testRealCertificateFilesThatCannotSignAreRefused() throws {
        let source = WalletFixtures.sharedDirectory
        _ = try WalletFixtures.identity()
        let folder = WalletFixtures.temporaryDirectory(for: self)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let encrypted = folder.appendingPathComponent("encrypted.pem")
        try Data("-----BEGIN ENCRYPTED PRIVATE KEY-----\nMIIB\n-----END ENCRYPTED PRIVATE KEY-----\n".utf8).write(to: encrypted)
        let cases: [(certificate: URL, key: URL, expected: String)] = [
            (source.appendingPathComponent("pass-certificate.pem"), source.appendingPathComponent("wwdr-key.pem"),
             "pass key \(source.path)/wwdr-key.pem is not the private key of pass certificate \(source.path)/pass-certificate.pem"),
            (source.appendingPathComponent("pass-certificate.pem"), encrypted,
             "pass key \(encrypted.path) is encrypted; decrypt it first (openssl pkey -in <key.pem> -out <plain.pem>)"),
            (source.appendingPathComponent("pass-key.pem"), source.appendingPathComponent("pass-key.pem"),
             "pass certificate \(source.path)/pass-key.pem holds no PEM certificate (-----BEGIN CERTIFICATE-----)"),
            (folder.appendingPathComponent("absent.pem"), source.appendingPathComponent("pass-key.pem"),
             "cannot read pass certificate \(folder.path)/absent.pem"),
        ]
        for entry in cases {
            XCTAssertThrowsError(try SigningIdentity.real(
                certificate: entry.certificate, key: entry.key, wwdrCertificate: source.appendingPathComponent("wwdr-certificate.pem"),
                passTypeIdentifier: "pass.com.example.mock.loyalty", teamIdentifier: "ABCDE12345", now: Date()
            )) { error in
                XCTAssertTrue("\(error)".hasPrefix(entry.expected), "\(error)")
                XCTAssertFalse("\(error)".contains("\n"), "\(error)")
            }
        }
    }
}
