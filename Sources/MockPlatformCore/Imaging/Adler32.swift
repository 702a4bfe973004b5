/// Adler-32 (RFC 1950), the checksum that ends a zlib stream.
package enum Adler32 {
    private static let modulus: UInt32 = 65521

    /// The Adler-32 of `bytes`.
    package static func checksum(_ bytes: [UInt8]) -> UInt32 {
        var a: UInt32 = 1
        var b: UInt32 = 0
        // 5552 bytes is the most that can be summed before `b` could overflow 32 bits.
        var start = 0
        while start < bytes.count {
            for byte in bytes[start..<min(start + 5552, bytes.count)] {
                a += UInt32(byte)
                b += a
            }
            a %= modulus
            b %= modulus
            start += 5552
        }
        return b << 16 | a
    }
}
