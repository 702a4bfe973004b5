/// A plain GIF LZW decoder (a table of byte strings, widths grown as decoders do), so the GIF
/// encoder is checked even where Pillow is missing.
enum ReferenceLZWDecoder {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// The image data of a GIF, from its first image's minimum code size byte to the trailer:
    /// the sub-blocks joined.
    static func imageData(ofGIF gif: [UInt8]) throws -> (minimumCodeSize: Int, data: [UInt8]) {
        // Header 6, screen descriptor 7, a two-entry colour table 6, image descriptor 10.
        let start = 29
        guard gif.count > start, gif[19] == 0x2C else { throw Failure(description: "no image descriptor at 19") }
        var data: [UInt8] = []
        var offset = start + 1
        while offset < gif.count, gif[offset] != 0 {
            let length = Int(gif[offset])
            guard offset + 1 + length <= gif.count else { throw Failure(description: "sub-block overruns the file") }
            data += gif[offset + 1...offset + length]
            offset += 1 + length
        }
        guard offset + 2 == gif.count, gif[offset] == 0, gif[offset + 1] == 0x3B else {
            throw Failure(description: "image data is not followed by the terminator and the trailer")
        }
        return (Int(gif[start]), data)
    }

    /// The colour indices an LZW stream decodes to; fails when the stream has no end code or
    /// uses a code the table does not hold.
    static func decode(_ data: [UInt8], minimumCodeSize: Int) throws -> [UInt8] {
        let clearCode = 1 << minimumCodeSize
        let endCode = clearCode + 1
        var table: [[UInt8]] = []
        var width = 0
        func reset() {
            table = (0..<clearCode).map { [UInt8($0)] } + [[], []]
            width = minimumCodeSize + 1
        }
        var bit = 0
        func read() throws -> Int {
            var code = 0
            for index in 0..<width {
                guard bit / 8 < data.count else { throw Failure(description: "stream ends without an end code") }
                code |= Int(data[bit / 8] >> (bit % 8) & 1) << index
                bit += 1
            }
            return code
        }
        reset()
        var output: [UInt8] = []
        var previous: [UInt8]?
        while true {
            let code = try read()
            if code == clearCode {
                reset()
                previous = nil
                continue
            }
            if code == endCode { break }
            let entry: [UInt8]
            if code < table.count {
                entry = table[code]
            } else if code == table.count, let previous {
                entry = previous + [previous[0]]
            } else {
                throw Failure(description: "code \(code) is not in a table of \(table.count)")
            }
            output += entry
            if let previous, table.count < 4096 { table.append(previous + [entry[0]]) }
            if table.count == 1 << width, width < 12 { width += 1 }
            previous = entry
        }
        return output
    }
}
