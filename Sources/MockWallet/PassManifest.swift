import Crypto
import Foundation
import MockPlatformKit

/// `manifest.json`: every file of the package but the manifest and the signature, by path, with
/// the lowercase hex SHA-1 of its exact bytes (contract B.3), as compact JSON with sorted keys.
enum PassManifest {
    static func encode(_ files: [PassFile]) throws(WalletError) -> [UInt8] {
        var hashes: [String: String] = [:]
        for file in files { hashes[file.path] = sha1Hex(file.bytes) }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        do {
            return Array(try encoder.encode(hashes))
        } catch {
            throw WalletError("cannot encode manifest.json: \(error)")
        }
    }

    /// Lowercase hex SHA-1.
    static func sha1Hex(_ bytes: [UInt8]) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var hex: [UInt8] = []
        hex.reserveCapacity(40)
        for byte in Insecure.SHA1.hash(data: bytes) {
            hex.append(digits[Int(byte >> 4)])
            hex.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: hex, as: UTF8.self)
    }
}
