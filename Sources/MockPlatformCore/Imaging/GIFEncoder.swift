/// Writes a single-colour GIF89a: a two-entry global colour table (the fill, then black), one
/// image covering the logical screen, and its pixels as an LZW stream of colour index 0.
///
/// LZW follows the GIF rules decoders rely on: minimum code size 2 (clear code 4, end code 5,
/// first free code 6, codes start 3 bits wide); a code widens once the decoder's next free code
/// reaches the current width's limit, up to 12 bits; a clear code resets the table before it
/// would fill, so any size up to 65535×65535 decodes.
package enum GIFEncoder {
    private static let minimumCodeSize = 2
    private static let clearCode: UInt32 = 1 << minimumCodeSize
    private static let endCode = clearCode + 1
    private static let firstFreeCode = clearCode + 2
    private static let maximumCodeWidth = 12
    /// The encoder clears once its next free code would reach this, one short of the table's
    /// 4096 entries, so no decoder ever sees a full table.
    private static let tableLimit: UInt32 = 4095

    /// The GIF bytes of a `width`×`height` image (each 1...65535) filled with `color`.
    package static func solid(width: Int, height: Int, color: RGBColor) -> [UInt8] {
        var gif = Array("GIF89a".utf8)
        // Logical screen descriptor: global colour table of 2 entries, background index 0.
        gif += littleEndian16(width) + littleEndian16(height) + [0x80, 0, 0]
        gif += color.bytes + [0, 0, 0]
        // Image descriptor: at (0, 0), full size, no local table, not interlaced.
        gif += [0x2C] + littleEndian16(0) + littleEndian16(0) + littleEndian16(width) + littleEndian16(height) + [0]
        gif.append(UInt8(minimumCodeSize))
        let data = lzwOfIndexZero(pixelCount: width * height)
        var offset = 0
        while offset < data.count {
            let block = data[offset..<min(offset + 255, data.count)]
            gif.append(UInt8(block.count))
            gif += block
            offset += block.count
        }
        gif += [0, 0x3B]
        return gif
    }

    /// LZW of `pixelCount` copies of index 0. After a clear code the greedy encoder emits runs
    /// of length 1, 2, 3, …: each code is the table entry added after the previous one (run
    /// `n` ≥ 2 is code `firstFreeCode + n - 2`); the last code carries what is left.
    private static func lzwOfIndexZero(pixelCount: Int) -> [UInt8] {
        var writer = LSBBitWriter()
        var width = minimumCodeSize + 1
        var codesSinceClear = 0
        // The next free code as the decoder sees it when it reads the next code: it adds an
        // entry for every code after the first following a clear.
        var decoderNextCode = firstFreeCode

        func emit(_ code: UInt32) {
            writer.write(code, bits: width)
            codesSinceClear += 1
            if codesSinceClear >= 2 { decoderNextCode += 1 }
            if decoderNextCode == 1 << width, width < maximumCodeWidth { width += 1 }
        }

        func clear() {
            writer.write(clearCode, bits: width)
            width = minimumCodeSize + 1
            codesSinceClear = 0
            decoderNextCode = firstFreeCode
        }

        clear()
        var remaining = pixelCount
        while remaining > 0 {
            // The encoder's table holds one entry per code emitted since the clear.
            if firstFreeCode + UInt32(codesSinceClear) >= tableLimit { clear() }
            let run = min(codesSinceClear + 1, remaining)
            emit(run == 1 ? 0 : firstFreeCode + UInt32(run - 2))
            remaining -= run
        }
        writer.write(endCode, bits: width)
        return writer.finished()
    }

    private static func littleEndian16(_ value: Int) -> [UInt8] {
        [UInt8(truncatingIfNeeded: value), UInt8(truncatingIfNeeded: value >> 8)]
    }
}
