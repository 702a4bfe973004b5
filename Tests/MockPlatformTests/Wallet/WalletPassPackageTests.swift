import Crypto
import Foundation
@testable import MockPlatform
@testable import MockWallet
import XCTest

/// The `.pkpass` archive (contract B, B.3): its files, the manifest's hashes, the images.
final class WalletPassPackageTests: XCTestCase {
    private static let contentPaths = ["pass.json", "icon.png", "icon@2x.png", "icon@3x.png", "logo.png", "logo@2x.png", "logo@3x.png"]

    /// Signs with a fixed value, so that whole archives can be compared.
    private struct FixedSigner: PassSigner {
        var signature: [UInt8] = [0x30, 0x00]
        func sign(manifest: [UInt8]) throws -> [UInt8] { signature }
    }

    private struct FailingSigner: PassSigner {
        struct Refusal: Error {}
        func sign(manifest: [UInt8]) throws -> [UInt8] { throw Refusal() }
    }

    private static func sha1Hex(_ bytes: [UInt8]) -> String {
        Insecure.SHA1.hash(data: bytes).map { String(format: "%02x", $0) }.joined()
    }

    func testArchiveHoldsExactlyTheExpectedFilesAtTheRoot() throws {
        let package = try WalletFixtures.package()
        let entries = try WalletFixtures.entries(of: package.archive)
        XCTAssertEqual(entries.map(\.path), Self.contentPaths + ["manifest.json", "signature"])
        XCTAssertEqual(package.files.map(\.path), Self.contentPaths)
        XCTAssertEqual(entries.map(\.bytes), package.files.map(\.bytes) + [package.manifest, package.signature])
        XCTAssertEqual(entries[0].bytes, try WalletFixtures.content().encoded())
        XCTAssertEqual(PassPackage.mediaType, "application/vnd.apple.pkpass")
    }

    func testPythonsZipfileReadsTheArchiveAndFindsNoBadCRC() throws {
        let package = try WalletFixtures.package()
        let folder = WalletFixtures.temporaryDirectory(for: self)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let url = folder.appendingPathComponent("loyalty.pkpass")
        try Data(package.archive).write(to: url)
        let script = "import sys, zipfile; z = zipfile.ZipFile(sys.argv[1]); assert z.testzip() is None; print(' '.join(z.namelist()))"
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script, url.path]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { throw XCTSkip("python3 is not available: \(error)") }
        let names = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        if process.terminationStatus == 127 { throw XCTSkip("python3 is not available") }
        XCTAssertEqual(process.terminationStatus, 0)
        XCTAssertEqual(names.split(separator: " ").map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }, Self.contentPaths + ["manifest.json", "signature"])
    }

    func testManifestHoldsTheLowercaseSHA1OfEveryZippedFile() throws {
        let entries = try WalletFixtures.entries(of: try WalletFixtures.package().archive)
        let manifestBytes = try XCTUnwrap(entries.first { $0.path == "manifest.json" }?.bytes)
        let manifest = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(manifestBytes)) as? [String: String])
        XCTAssertEqual(manifest.keys.sorted(), Self.contentPaths.sorted())
        for entry in entries where Self.contentPaths.contains(entry.path) {
            XCTAssertEqual(manifest[entry.path], Self.sha1Hex(entry.bytes), entry.path)
        }
        XCTAssertTrue(manifest.values.allSatisfy { $0.utf8.count == 40 && $0.allSatisfy { "0123456789abcdef".contains($0) } })
    }

    func testATamperedPassJSONNoLongerMatchesItsManifestHash() throws {
        let entries = try WalletFixtures.entries(of: try WalletFixtures.package().archive)
        let manifest = try XCTUnwrap(
            JSONSerialization.jsonObject(with: Data(try XCTUnwrap(entries.first { $0.path == "manifest.json" }).bytes)) as? [String: String]
        )
        var passJSON = try XCTUnwrap(entries.first { $0.path == "pass.json" }).bytes
        XCTAssertEqual(manifest["pass.json"], Self.sha1Hex(passJSON))
        try Self.changeOneByte(of: &passJSON)
        XCTAssertNotEqual(manifest["pass.json"], Self.sha1Hex(passJSON))
    }

    func testImagesAreSolidPNGsOfTheContractSizes() throws {
        let images = PassImages.solid(.mock)
        XCTAssertEqual(images.files.map(\.path), Array(Self.contentPaths.dropFirst()))
        XCTAssertEqual(
            images.files.map { ImageBytes.pngSize($0.bytes) },
            [[29, 29], [58, 58], [87, 87], [160, 50], [320, 100], [480, 150]]
        )
        for file in images.files {
            let chunks = try XCTUnwrap(ImageBytes.pngChunks(file.bytes), file.path)
            XCTAssertEqual(chunks.map(\.type), ["IHDR", "PLTE", "IDAT", "IEND"], file.path)
            XCTAssertEqual(chunks[1].data, file.path.hasPrefix("icon") ? [20, 40, 90] : [255, 255, 255], file.path)
        }
    }

    func testPillowReadsEveryImageAsOneColourOfItsSize() throws {
        for file in PassImages.solid(.mock).files {
            let decoded = try PythonReference.decodeImage(file.bytes)
            let size = try XCTUnwrap(ImageBytes.pngSize(file.bytes))
            XCTAssertEqual(decoded.size, size, file.path)
            let rgb = file.path.hasPrefix("icon") ? [20, 40, 90] : [255, 255, 255]
            XCTAssertEqual(decoded.colors, [.init(count: size[0] * size[1], rgb: rgb)], file.path)
            XCTAssertEqual(decoded.crcOK, true, file.path)
        }
    }

    func testSameInputsGiveTheSameArchiveBytes() throws {
        let content = WalletFixtures.content()
        let first = try PassPackage(content: content, images: .solid(.mock), signer: FixedSigner())
        let second = try PassPackage(content: content, images: .solid(.mock), signer: FixedSigner())
        XCTAssertEqual(first.archive, second.archive)

        let identity = try WalletFixtures.identity()
        let time = Date(timeIntervalSince1970: 1_800_000_000)
        let signed = try PassPackage(content: content, images: .solid(.mock), signer: CMSPassSigner(identity: identity, signingTime: time))
        let again = try PassPackage(content: content, images: .solid(.mock), signer: CMSPassSigner(identity: identity, signingTime: time))
        XCTAssertEqual(signed.files, again.files)
        XCTAssertEqual(signed.manifest, again.manifest)
        XCTAssertEqual(signed.manifest, first.manifest)
    }

    func testImagePathsThatClashOrLeaveThePackageRootAreRefused() {
        let png = PassImages.solid(.mock).files[0].bytes
        for path in ["pass.json", "manifest.json", "signature", "", "/icon.png", "../icon.png", "a//b.png", "en.lproj/../x.png", "a\\b.png"] {
            XCTAssertThrowsError(
                try PassPackage(content: WalletFixtures.content(), images: PassImages(files: [PassFile(path: path, bytes: png)]), signer: FixedSigner()),
                path
            )
        }
        let twice = PassImages(files: [PassFile(path: "icon.png", bytes: png), PassFile(path: "icon.png", bytes: png)])
        XCTAssertThrowsError(try PassPackage(content: WalletFixtures.content(), images: twice, signer: FixedSigner()))
        let localized = PassImages(files: [PassFile(path: "en.lproj/logo.png", bytes: png)])
        XCTAssertNoThrow(try PassPackage(content: WalletFixtures.content(), images: localized, signer: FixedSigner()))
    }

    func testASignerFailureIsAWalletError() {
        XCTAssertThrowsError(try PassPackage(content: WalletFixtures.content(), images: .solid(.mock), signer: FailingSigner())) { error in
            XCTAssertTrue(String(describing: error).hasPrefix("cannot sign manifest.json"), "\(error)")
        }
    }

    /// Changes one byte of a value inside the JSON (the first digit of the points), so the text
    /// stays JSON.
    static func changeOneByte(of passJSON: inout [UInt8]) throws {
        let marker = Array(#""value":420"#.utf8)
        let start = try XCTUnwrap(passJSON.indices.first { passJSON[$0...].starts(with: marker) })
        let digit = start + marker.count - 3
        XCTAssertEqual(passJSON[digit], UInt8(ascii: "4"))
        passJSON[digit] = UInt8(ascii: "9")
    }
}
