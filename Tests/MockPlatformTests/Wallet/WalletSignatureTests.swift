import Foundation
@testable import MockPlatform
@testable import MockWallet
import XCTest

/// The detached CMS signature, checked by the contract's reference verifier:
/// `openssl smime -verify -binary -inform DER -in signature -content manifest.json -CAfile
/// root.pem -purpose any` (contract D.1).
final class WalletSignatureTests: XCTestCase {
    private func rootPEM() throws -> String {
        try XCTUnwrap(try WalletFixtures.identity().developmentRootPEM)
    }

    func testOpenSSLVerifiesABuiltPassAgainstTheDevelopmentRoot() throws {
        for member in [WalletFixtures.gold, WalletFixtures.qr] {
            let folder = try WalletFixtures.unpack(try WalletFixtures.package(member).archive, for: self)
            let result = try WalletOpenSSL.verifyPass(in: folder, rootPEM: try rootPEM())
            XCTAssertEqual(result.status, 0, result.error)
            XCTAssertTrue(result.error.contains("Verification successful"), result.error)
        }
    }

    func testOneChangedByteOfPassJSONFailsTheSignatureOnceTheManifestFollowsIt() throws {
        let package = try WalletFixtures.package()
        let folder = try WalletFixtures.unpack(package.archive, for: self)
        var passJSON = try XCTUnwrap(package.files.first { $0.path == "pass.json" }).bytes
        try WalletPassPackageTests.changeOneByte(of: &passJSON)
        try Data(passJSON).write(to: folder.appendingPathComponent("pass.json"))

        // With the old manifest, openssl still accepts: it checks the signature over
        // manifest.json only; the changed pass.json shows as a manifest hash mismatch
        // (WalletPassPackageTests.testATamperedPassJSONNoLongerMatchesItsManifestHash).
        let stale = try WalletOpenSSL.verifyPass(in: folder, rootPEM: try rootPEM())
        XCTAssertEqual(stale.status, 0, stale.error)
        let manifest = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(package.manifest)) as? [String: String])
        XCTAssertNotEqual(manifest["pass.json"], PassManifest.sha1Hex(passJSON))

        // A manifest that lists the changed pass.json no longer matches the signature.
        let files = [PassFile(path: "pass.json", bytes: passJSON)] + package.files.dropFirst()
        try Data(try PassManifest.encode(files)).write(to: folder.appendingPathComponent("manifest.json"))
        let refused = try WalletOpenSSL.verifyPass(in: folder, rootPEM: try rootPEM())
        XCTAssertNotEqual(refused.status, 0, refused.error)
        XCTAssertTrue(refused.error.contains("Verification failure") || refused.error.contains("digest failure"), refused.error)
    }

    func testAnotherRootDoesNotVerifyThePass() throws {
        let folder = try WalletFixtures.unpack(try WalletFixtures.package().archive, for: self)
        let other = try SigningIdentity.development(in: WalletFixtures.temporaryDirectory(for: self), now: Date())
        let result = try WalletOpenSSL.verifyPass(in: folder, rootPEM: try XCTUnwrap(other.developmentRootPEM))
        XCTAssertNotEqual(result.status, 0, result.error)
    }

    func testSignatureCarriesTheGivenSigningTimeAndTheIntermediateThenTheSigner() throws {
        let time = Date(timeIntervalSince1970: 1_798_675_200)  // 2026-12-31T00:00:00Z
        let package = try WalletFixtures.package(signingTime: time)
        let folder = try WalletFixtures.unpack(package.archive, for: self)

        let printed = try WalletOpenSSL.run(["cms", "-cmsout", "-print", "-inform", "DER", "-in", "signature"], in: folder)
        XCTAssertEqual(printed.status, 0, printed.error)
        XCTAssertTrue(printed.output.contains("UTCTIME:Dec 31 00:00:00 2026 GMT"), printed.output)
        XCTAssertTrue(printed.output.contains("eContent: <ABSENT>"), "detached: \(printed.output)")
        XCTAssertTrue(printed.output.contains("sha256WithRSAEncryption") || printed.output.contains("rsaEncryption"), printed.output)

        let certificates = try WalletOpenSSL.run(["pkcs7", "-inform", "DER", "-in", "signature", "-print_certs", "-noout"], in: folder)
        XCTAssertEqual(certificates.status, 0, certificates.error)
        let subjects = certificates.output.split(separator: "\n").filter { $0.hasPrefix("subject=") }
        XCTAssertEqual(subjects.count, 2, certificates.output)
        XCTAssertTrue(subjects.first?.contains("CN = Mock Worldwide Developer Relations CA") ?? false, certificates.output)
        XCTAssertTrue(subjects.last?.contains("Pass Type ID: pass.com.example.mock.loyalty") ?? false, certificates.output)

        // The certificates are embedded byte for byte as stored.
        for file in ["wwdr-certificate.pem", "pass-certificate.pem"] {
            let der = try WalletFixtures.derBytes(ofPEMFile: WalletFixtures.sharedDirectory.appendingPathComponent(file))
            XCTAssertTrue(package.signature.contains(subsequence: der), file)
        }
    }

    func testSigningTimesOutsideUTCTimeAreClampedToItsEnds() throws {
        let identity = try WalletFixtures.identity()
        for (time, printed) in [
            (Date(timeIntervalSince1970: 4_102_444_800), "UTCTIME:Dec 31 23:59:59 2049 GMT"),  // 2100-01-01
            (Date(timeIntervalSince1970: -1_000_000_000), "UTCTIME:Jan  1 00:00:00 1950 GMT"),  // 1938
        ] {
            let signature = try CMSPassSigner(identity: identity, signingTime: time).sign(manifest: Array("{}".utf8))
            let folder = WalletFixtures.temporaryDirectory(for: self)
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try Data(signature).write(to: folder.appendingPathComponent("signature"))
            let result = try WalletOpenSSL.run(["cms", "-cmsout", "-print", "-inform", "DER", "-in", "signature"], in: folder)
            XCTAssertTrue(result.output.contains(printed), result.output)
        }
    }
}
