import Foundation
import MockPlatformKit
import ZIPFoundation

/// Zips a pass package in memory with ZIPFoundation: files at the archive root in the order
/// given, each dated 1980-01-01 00:00:00 (the earliest ZIP date) so that the same files always
/// give the same archive. PNGs are stored (they are compressed already), the rest deflated.
enum PassArchive {
    static let modificationDate = Date(timeIntervalSince1970: 315_532_800)

    static func zip(_ files: [PassFile]) throws(WalletError) -> [UInt8] {
        do {
            let archive = try Archive(accessMode: .create)
            for file in files {
                let bytes = file.bytes
                try archive.addEntry(
                    with: file.path, type: .file, uncompressedSize: Int64(bytes.count),
                    modificationDate: modificationDate, compressionMethod: file.path.hasSuffix(".png") ? .none : .deflate
                ) { position, size in
                    let start = Int(position)
                    return Data(bytes[start..<min(bytes.count, start + size)])
                }
            }
            guard let data = archive.data else { throw WalletError("the in-memory archive has no data") }
            return Array(data)
        } catch let error as WalletError {
            throw error
        } catch {
            throw WalletError("cannot zip the pass: \(error)")
        }
    }
}
