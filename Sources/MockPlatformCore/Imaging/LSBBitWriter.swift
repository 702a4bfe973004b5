/// Packs variable-width codes into bytes least significant bit first, the bit order of both
/// GIF's LZW data and deflate.
package struct LSBBitWriter: Sendable {
    private var bytes: [UInt8] = []
    private var pending: UInt32 = 0
    private var pendingCount = 0

    /// Appends the low `count` bits of `value` (`count` at most 24), lowest bit first.
    package mutating func write(_ value: UInt32, bits count: Int) {
        pending |= (value & ((1 << count) - 1)) << pendingCount
        pendingCount += count
        while pendingCount >= 8 {
            bytes.append(UInt8(truncatingIfNeeded: pending))
            pending >>= 8
            pendingCount -= 8
        }
    }

    /// Appends a Huffman code of `count` bits: deflate stores those most significant bit first.
    package mutating func writeHuffman(_ code: UInt32, bits count: Int) {
        var reversed: UInt32 = 0
        for bit in 0..<count { reversed |= ((code >> bit) & 1) << (count - 1 - bit) }
        write(reversed, bits: count)
    }

    /// The bytes written, the last one padded with zero bits.
    package func finished() -> [UInt8] {
        pendingCount > 0 ? bytes + [UInt8(truncatingIfNeeded: pending)] : bytes
    }
}
