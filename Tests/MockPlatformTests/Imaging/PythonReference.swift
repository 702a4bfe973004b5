import Foundation
import XCTest

/// Independent checks of the encoders, run through `python3`: Pillow decodes images (and for a
/// PNG, Python's zlib checks every chunk CRC and the IDAT stream with its Adler-32); zlib
/// inflates raw deflate streams. Tests that need it are skipped only when `python3` or Pillow is
/// missing.
enum PythonReference {
    /// What Pillow made of an image.
    struct Decoded: Decodable, Equatable {
        var format: String
        var size: [Int]
        /// The RGB pixel at (0, 0).
        var pixel: [Int]
        /// Every distinct RGB colour with its pixel count; empty when there are more than four.
        var colors: [Color]
        /// For a PNG: every chunk's CRC-32 matches; nil for other formats.
        var crcOK: Bool?

        struct Color: Decodable, Equatable {
            var count: Int
            var rgb: [Int]
        }

        enum CodingKeys: String, CodingKey { case format, size, pixel, colors, crcOK = "crc_ok" }
    }

    private static let imageScript = """
        import json, sys, zlib
        from PIL import Image
        path = sys.argv[1]
        data = open(path, 'rb').read()
        crc_ok = None
        if data[:8] == b'\\x89PNG\\r\\n\\x1a\\n':
            crc_ok, pos, idat = True, 8, b''
            while pos < len(data):
                n = int.from_bytes(data[pos:pos + 4], 'big')
                kind, body = data[pos + 4:pos + 8], data[pos + 8:pos + 8 + n]
                crc_ok = crc_ok and zlib.crc32(kind + body) == int.from_bytes(data[pos + 8 + n:pos + 12 + n], 'big')
                if kind == b'IDAT':
                    idat += body
                pos += 12 + n
            zlib.decompress(idat)
        im = Image.open(path)
        im.load()
        rgb = im.convert('RGB')
        colors = [{'count': c, 'rgb': list(p)} for c, p in (rgb.getcolors(4) or [])]
        print(json.dumps({'format': im.format, 'size': list(im.size), 'pixel': list(rgb.getpixel((0, 0))), 'colors': colors, 'crc_ok': crc_ok}))
        """

    /// Python's error for input it could not read.
    struct Refusal: Error, CustomStringConvertible {
        var message: String
        var description: String { "python3 refused the input: \(message)" }
    }

    /// Decodes `bytes`; throws `XCTSkip` when python3 or Pillow is unavailable, `Refusal` when
    /// the image does not decode.
    static func decodeImage(_ bytes: [UInt8]) throws -> Decoded {
        guard pillowAvailable else { throw XCTSkip("python3 with Pillow is not available (python3 -m pip install pillow)") }
        return try JSONDecoder().decode(Decoded.self, from: run(imageScript, on: bytes))
    }

    /// What zlib inflates a raw deflate stream (no zlib header) to; throws `XCTSkip` when
    /// python3 is unavailable.
    static func inflate(_ deflate: [UInt8]) throws -> [UInt8] {
        guard pythonAvailable else { throw XCTSkip("python3 is not available") }
        let script = "import sys, zlib; sys.stdout.buffer.write(zlib.decompress(open(sys.argv[1], 'rb').read(), -15))"
        return [UInt8](try run(script, on: deflate))
    }

    private static let pythonAvailable: Bool = (try? python(["-c", "pass"]).status) == 0
    private static let pillowAvailable: Bool = (try? python(["-c", "import PIL"]).status) == 0

    /// Runs `script` with a temporary file holding `bytes` as its argument; its standard output.
    private static func run(_ script: String, on bytes: [UInt8]) throws -> Data {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("mock-platform-\(UUID().uuidString)")
        try Data(bytes).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let result = try python(["-c", script, url.path])
        guard result.status == 0 else { throw Refusal(message: result.error) }
        return result.output
    }

    private static func python(_ arguments: [String]) throws -> (status: Int32, output: Data, error: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3"] + arguments
        let output = Pipe()
        let error = Pipe()
        process.standardOutput = output
        process.standardError = error
        try process.run()
        // Both outputs are a few lines: reading one pipe after the other cannot stall the child.
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        let errorText = String(decoding: error.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, outputData, errorText)
    }
}
