/// Reads the header fields the image tests check, straight from the bytes.
enum ImageBytes {
    /// GIF logical screen width and height (little-endian at offsets 6 and 8).
    static func gifScreenSize(_ gif: [UInt8]) -> [Int]? {
        guard gif.count >= 10 else { return nil }
        return [Int(gif[6]) | Int(gif[7]) << 8, Int(gif[8]) | Int(gif[9]) << 8]
    }

    /// PNG IHDR width and height (big-endian at offsets 16 and 20).
    static func pngSize(_ png: [UInt8]) -> [Int]? {
        guard png.count >= 24 else { return nil }
        return [bigEndian32(png, at: 16), bigEndian32(png, at: 20)].map(Int.init)
    }

    static func bigEndian32(_ bytes: [UInt8], at offset: Int) -> UInt32 {
        bytes[offset..<offset + 4].reduce(0) { $0 << 8 | UInt32($1) }
    }

    /// A PNG's chunks in order, with the CRC each carries.
    static func pngChunks(_ png: [UInt8]) -> [(type: String, data: [UInt8], crc: UInt32)]? {
        var chunks: [(type: String, data: [UInt8], crc: UInt32)] = []
        var offset = 8
        while offset + 12 <= png.count {
            let length = Int(bigEndian32(png, at: offset))
            guard offset + 12 + length <= png.count else { return nil }
            let type = String(decoding: png[offset + 4..<offset + 8], as: UTF8.self)
            chunks.append((type, Array(png[offset + 8..<offset + 8 + length]), bigEndian32(png, at: offset + 8 + length)))
            offset += 12 + length
        }
        return offset == png.count ? chunks : nil
    }
}
