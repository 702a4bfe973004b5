@testable import MockPlatform
import XCTest

/// The PNG encoder: signature, IHDR, palette, chunk CRCs, checksum test vectors, and Pillow
/// (with zlib checking CRCs and the Adler-32) reading back the solid colour at every size.
final class PNGEncoderTests: XCTestCase {
    private let brand = RGBColor(red: 0x1B, green: 0x6A, blue: 0xC9)

    func testChecksumsMatchTheirStandardTestVectors() {
        XCTAssertEqual(CRC32.checksum(Array("123456789".utf8)), 0xCBF4_3926)
        XCTAssertEqual(CRC32.checksum([]), 0)
        XCTAssertEqual(Adler32.checksum(Array("Wikipedia".utf8)), 0x11E6_0398)
        XCTAssertEqual(Adler32.checksum([]), 1)
        // Past the 5552-byte stretch summed between reductions.
        XCTAssertEqual(Adler32.checksum([UInt8](repeating: 0xFF, count: 100_000)), Self.slowAdler32([UInt8](repeating: 0xFF, count: 100_000)))
    }

    func testChunksAreIHDRThenPaletteThenDataThenEndWithValidCRCs() throws {
        let png = PNGEncoder.solid(width: 300, height: 2, color: brand)
        XCTAssertEqual(Array(png[0..<8]), [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        XCTAssertEqual(ImageBytes.pngSize(png), [300, 2])
        let chunks = try XCTUnwrap(ImageBytes.pngChunks(png))
        XCTAssertEqual(chunks.map(\.type), ["IHDR", "PLTE", "IDAT", "IEND"])
        XCTAssertEqual(chunks[0].data, [0, 0, 0x01, 0x2C, 0, 0, 0, 2, 1, 3, 0, 0, 0], "300×2, 1-bit palette")
        XCTAssertEqual(chunks[1].data, [0x1B, 0x6A, 0xC9])
        XCTAssertEqual(Array(chunks[2].data.prefix(2)), [0x78, 0x01], "zlib header")
        XCTAssertEqual((UInt16(chunks[2].data[0]) << 8 | UInt16(chunks[2].data[1])) % 31, 0)
        XCTAssertEqual(chunks[3].data, [])
        for chunk in chunks {
            XCTAssertEqual(CRC32.checksum(Array(chunk.type.utf8) + chunk.data), chunk.crc, chunk.type)
        }
        // The zlib stream ends with the Adler-32 of the scanlines: each a zero filter byte and
        // 38 zero bytes of pixels.
        let adler = ImageBytes.bigEndian32(chunks[2].data, at: chunks[2].data.count - 4)
        XCTAssertEqual(adler, Adler32.checksum([UInt8](repeating: 0, count: 2 * 39)))
    }

    func testLargestImageStaysSmall() {
        let png = PNGEncoder.solid(width: 2000, height: 2000, color: brand)
        XCTAssertEqual(ImageBytes.pngSize(png), [2000, 2000])
        XCTAssertLessThan(png.count, 8_000)
    }

    func testPillowDecodesEverySizeToTheSolidColour() throws {
        for (width, height) in [(1, 1), (7, 3), (8, 1), (9, 2), (200, 200), (2000, 1), (1, 2000), (2000, 2000)] {
            let decoded = try PythonReference.decodeImage(PNGEncoder.solid(width: width, height: height, color: brand))
            XCTAssertEqual(decoded.format, "PNG")
            XCTAssertEqual(decoded.size, [width, height])
            XCTAssertEqual(decoded.pixel, [0x1B, 0x6A, 0xC9])
            XCTAssertEqual(decoded.colors, [.init(count: width * height, rgb: [0x1B, 0x6A, 0xC9])], "\(width)×\(height)")
            XCTAssertEqual(decoded.crcOK, true)
        }
    }

    func testRunLengthDeflateOfMixedRunsInflates() throws {
        // Runs shorter, equal to and longer than one 258-byte copy, of literals on both sides of 144.
        let bytes = [UInt8](repeating: 7, count: 1) + [UInt8](repeating: 200, count: 259) + [UInt8](repeating: 0, count: 1000)
            + [1, 2, 3, 143, 144, 255]
        XCTAssertEqual(try PythonReference.inflate(RunLengthDeflater.deflate(bytes)), bytes)
    }

    private static func slowAdler32(_ bytes: [UInt8]) -> UInt32 {
        var a: UInt32 = 1
        var b: UInt32 = 0
        for byte in bytes {
            a = (a + UInt32(byte)) % 65521
            b = (b + a) % 65521
        }
        return b << 16 | a
    }
}
