/// A deflate (RFC 1951) compressor for data made of long runs, as a solid image's scanlines
/// are: one final block with the fixed Huffman codes, each run written as its byte as a literal
/// followed by copies of 258 bytes at distance 1, and what is left of the run as literals.
package enum RunLengthDeflater {
    /// The deflate stream of `bytes`.
    package static func deflate(_ bytes: [UInt8]) -> [UInt8] {
        var writer = LSBBitWriter()
        writer.write(1, bits: 1)  // BFINAL: the only block
        writer.write(1, bits: 2)  // BTYPE 01: fixed Huffman codes
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            var end = index + 1
            while end < bytes.count, bytes[end] == byte { end += 1 }
            literal(byte, into: &writer)
            var left = end - index - 1
            while left >= 258 {
                writer.writeHuffman(0b1100_0101, bits: 8)  // length symbol 285: 258 bytes, no extra bits
                writer.writeHuffman(0, bits: 5)  // distance code 0: distance 1, no extra bits
                left -= 258
            }
            for _ in 0..<left { literal(byte, into: &writer) }
            index = end
        }
        writer.writeHuffman(0, bits: 7)  // symbol 256: end of block
        return writer.finished()
    }

    /// Literals 0–143 take the 8-bit codes from 0x30, 144–255 the 9-bit codes from 0x190.
    private static func literal(_ byte: UInt8, into writer: inout LSBBitWriter) {
        if byte < 144 {
            writer.writeHuffman(0x30 + UInt32(byte), bits: 8)
        } else {
            writer.writeHuffman(0x190 + UInt32(byte) - 144, bits: 9)
        }
    }
}
