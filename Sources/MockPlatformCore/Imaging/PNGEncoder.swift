/// Writes a single-colour PNG: a 1-bit palette image (IHDR colour type 3, bit depth 1) with a
/// one-entry palette, so every pixel is index 0 and each scanline is a filter byte and
/// `⌈width / 8⌉` zero bytes; IDAT holds them as one zlib stream (`RunLengthDeflater`, Adler-32).
/// A 2000×2000 image stays a few kilobytes.
package enum PNGEncoder {
    private static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// The PNG bytes of a `width`×`height` image (each at least 1) filled with `color`.
    package static func solid(width: Int, height: Int, color: RGBColor) -> [UInt8] {
        let header = bigEndian32(UInt32(clamping: width)) + bigEndian32(UInt32(clamping: height))
            + [1, 3, 0, 0, 0]  // bit depth 1, palette colour, deflate, adaptive filtering, no interlace
        // Every scanline is filter type 0 then index-0 pixels: all zero bits.
        let pixels = [UInt8](repeating: 0, count: height * (1 + (width + 7) / 8))
        // zlib header: deflate with a 32 KiB window, check bits making 0x7801 a multiple of 31.
        let zlib = [0x78, 0x01] + RunLengthDeflater.deflate(pixels) + bigEndian32(Adler32.checksum(pixels))
        return signature
            + chunk("IHDR", header)
            + chunk("PLTE", color.bytes)
            + chunk("IDAT", zlib)
            + chunk("IEND", [])
    }

    /// Length, type, data, and the CRC-32 of type and data.
    private static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let typed = Array(type.utf8) + data
        return bigEndian32(UInt32(clamping: data.count)) + typed + bigEndian32(CRC32.checksum(typed))
    }

    private static func bigEndian32(_ value: UInt32) -> [UInt8] {
        [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: value >> $0) }
    }
}
