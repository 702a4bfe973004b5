@testable import MockPlatform
import XCTest

/// The GIF89a encoder: header fields, LZW that a plain decoder and Pillow both read back to
/// exactly width × height pixels of the one colour, across code-width growth and table clears.
final class GIFEncoderTests: XCTestCase {
    private let brand = RGBColor(red: 0x1B, green: 0x6A, blue: 0xC9)

    func testHeaderColourTableAndImageDescriptor() {
        let gif = GIFEncoder.solid(width: 300, height: 2, color: brand)
        XCTAssertEqual(Array(gif[0..<6]), Array("GIF89a".utf8))
        XCTAssertEqual(ImageBytes.gifScreenSize(gif), [300, 2])
        XCTAssertEqual(gif[10], 0x80, "global colour table of two entries")
        XCTAssertEqual(Array(gif[13..<19]), [0x1B, 0x6A, 0xC9, 0, 0, 0])
        XCTAssertEqual(gif[19], 0x2C)
        XCTAssertEqual(Array(gif[20..<28]), [0, 0, 0, 0, 0x2C, 0x01, 2, 0], "at (0, 0), 300×2")
        XCTAssertEqual(gif[28], 0, "no local colour table, not interlaced")
        XCTAssertEqual(gif[29], 2, "LZW minimum code size")
        XCTAssertEqual(Array(gif.suffix(2)), [0, 0x3B])
    }

    func testEveryPixelCountUpTo600DecodesToExactlyThatManyIndexZeroPixels() throws {
        for count in 1...600 {
            let pixels = try indices(GIFEncoder.solid(width: count, height: 1, color: brand))
            XCTAssertEqual(pixels.count, count)
            XCTAssertTrue(pixels.allSatisfy { $0 == 0 }, "\(count) pixels")
        }
    }

    func testLargestImageUsesTwelveBitCodesAndStaysSmall() throws {
        let gif = GIFEncoder.solid(width: 2000, height: 2000, color: brand)
        XCTAssertEqual(ImageBytes.gifScreenSize(gif), [2000, 2000])
        XCTAssertLessThan(gif.count, 8_000)
        let pixels = try indices(gif)
        XCTAssertEqual(pixels.count, 4_000_000)
        XCTAssertTrue(pixels.allSatisfy { $0 == 0 })
    }

    func testImagesBeyondOneTableClearAndStartOver() throws {
        // 12 million pixels need more codes than one 4096-entry table holds.
        let gif = GIFEncoder.solid(width: 4000, height: 3000, color: brand)
        let (minimumCodeSize, data) = try ReferenceLZWDecoder.imageData(ofGIF: gif)
        let pixels = try ReferenceLZWDecoder.decode(data, minimumCodeSize: minimumCodeSize)
        XCTAssertEqual(pixels.count, 12_000_000)
        XCTAssertTrue(pixels.allSatisfy { $0 == 0 })
        let decoded = try PythonReference.decodeImage(gif)
        XCTAssertEqual(decoded.size, [4000, 3000])
        XCTAssertEqual(decoded.colors, [.init(count: 12_000_000, rgb: [0x1B, 0x6A, 0xC9])])
    }

    func testPillowDecodesEverySizeToTheSolidColour() throws {
        for (width, height) in [(1, 1), (2, 1), (3, 7), (200, 200), (2000, 1), (1, 2000), (2000, 2000)] {
            let decoded = try PythonReference.decodeImage(GIFEncoder.solid(width: width, height: height, color: brand))
            XCTAssertEqual(decoded.format, "GIF")
            XCTAssertEqual(decoded.size, [width, height])
            XCTAssertEqual(decoded.pixel, [0x1B, 0x6A, 0xC9])
            XCTAssertEqual(decoded.colors, [.init(count: width * height, rgb: [0x1B, 0x6A, 0xC9])], "\(width)×\(height)")
        }
    }

    private func indices(_ gif: [UInt8]) throws -> [UInt8] {
        let (minimumCodeSize, data) = try ReferenceLZWDecoder.imageData(ofGIF: gif)
        return try ReferenceLZWDecoder.decode(data, minimumCodeSize: minimumCodeSize)
    }
}
