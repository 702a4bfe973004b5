import Foundation
@testable import MockPlatform
@testable import MockPlatformKit
@testable import MockWallet
import XCTest
import ZIPFoundation

/// Shared inputs of the wallet tests: one development chain for the whole run (RSA key
/// generation is the slow part), the contract's example members, and a reader for `.pkpass`
/// archives.
enum WalletFixtures {
    /// A fresh temporary folder path (not created), removed when `test` ends.
    static func temporaryDirectory(for test: XCTestCase) -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mock-platform-wallet-\(UUID().uuidString)")
        test.addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
        return folder
    }

    /// The folder of the shared development chain, removed when the test process exits.
    static let sharedDirectory = FileManager.default.temporaryDirectory.appendingPathComponent("mock-platform-wallet-\(UUID().uuidString)")

    private static let sharedIdentity = Result { () throws(WalletError) in
        atexit { try? FileManager.default.removeItem(at: WalletFixtures.sharedDirectory) }
        return try SigningIdentity.development(in: sharedDirectory, now: Date())
    }

    /// The development identity shared by the tests that do not examine the chain itself.
    static func identity() throws -> SigningIdentity { try sharedIdentity.get() }

    /// The contract's `member-gold`: Code 128, 420 points, Gold, 50 expiring.
    static let gold = PassMember(
        cardNumber: "6001234567890", barcodeFormat: .code128, firstName: "Ada", lastName: "Lovelace",
        points: 420, pointsToGo: 80, tier: "Gold", expiringPoints: 50, expiringPointsDate: CalendarDay("2026-12-31"),
        voided: false
    )

    /// The contract's `member-qr`: QR, no points, no tier, nothing expiring.
    static let qr = PassMember(
        cardNumber: "6009876543210", barcodeFormat: .qr, firstName: "Grace", lastName: "Hopper",
        points: 0, pointsToGo: 500, tier: nil, expiringPoints: 0, expiringPointsDate: nil, voided: false
    )

    /// The member's pass.json as the contract's example has it (dev-chain ids, example URL and token).
    static func content(_ member: PassMember = gold) -> PassContent {
        PassContent(
            member: member, passTypeIdentifier: "pass.com.example.mock.loyalty", teamIdentifier: "MOCKTEAM00",
            webServiceURL: "https://mock.example.test/wallet", authenticationToken: "q8Vn2xY7bT1kLm0pR4sW9zA3cE5gH6jK"
        )
    }

    /// A pass for `member` signed by the shared development identity at `signingTime`.
    static func package(_ member: PassMember = gold, signingTime: Date = Date()) throws -> PassPackage {
        let identity = try identity()
        return try PassPackage(
            content: content(member), images: .solid(.mock),
            signer: CMSPassSigner(identity: identity, signingTime: signingTime)
        )
    }

    /// The `pass.json` of a `.pkpass` archive, as a device reads it.
    static func passJSON(of archive: some Sequence<UInt8>) throws -> [String: Any] {
        let json = try XCTUnwrap(try entries(of: Array(archive)).first { $0.path == "pass.json" }?.bytes)
        return try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(json)) as? [String: Any])
    }

    /// The entries of a zip archive in archive order, read back with ZIPFoundation.
    static func entries(of archive: [UInt8]) throws -> [(path: String, bytes: [UInt8])] {
        let zip = try Archive(data: Data(archive), accessMode: .read)
        return try zip.map { entry in
            var bytes: [UInt8] = []
            _ = try zip.extract(entry, skipCRC32: false) { bytes.append(contentsOf: $0) }
            return (entry.path, bytes)
        }
    }

    /// The DER bytes of the first PEM block in a file, decoded here rather than by the code
    /// under test.
    static func derBytes(ofPEMFile url: URL) throws -> [UInt8] {
        let lines = try String(contentsOf: url, encoding: .utf8).split(separator: "\n")
        guard let begin = lines.firstIndex(where: { $0.hasPrefix("-----BEGIN ") }),
              let end = lines[begin...].firstIndex(where: { $0.hasPrefix("-----END ") }),
              let der = Data(base64Encoded: lines[(begin + 1)..<end].joined())
        else { throw CocoaError(.fileReadCorruptFile) }
        return Array(der)
    }

    /// Writes the archive's files into a new temporary folder, for tools that read files.
    static func unpack(_ archive: [UInt8], for test: XCTestCase) throws -> URL {
        let folder = temporaryDirectory(for: test)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for entry in try entries(of: archive) {
            try Data(entry.bytes).write(to: folder.appendingPathComponent(entry.path))
        }
        return folder
    }
}

extension Array where Element == UInt8 {
    /// Whether `subsequence` occurs in the array as consecutive bytes.
    func contains(subsequence: [UInt8]) -> Bool {
        guard let first = subsequence.first, subsequence.count <= count else { return subsequence.isEmpty }
        return indices.contains { self[$0] == first && self[$0...].starts(with: subsequence) }
    }
}
