/// An opaque 24-bit colour, the fill of ad images and logos (`openapi/iql.yaml` getAdImageV1,
/// getAdLogoV1) and of Wallet pass icons and logos.
package struct RGBColor: Equatable, Sendable {
    package var red: UInt8
    package var green: UInt8
    package var blue: UInt8

    /// The fill for a campaign whose `brand_color` is not `#RRGGBB`: mid grey.
    package static let fallback = RGBColor(red: 0x80, green: 0x80, blue: 0x80)

    package init(red: UInt8, green: UInt8, blue: UInt8) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    /// Reads `#RRGGBB`, hex digits in any case; nil for anything else.
    package init?(hex text: String) {
        let hex = text.utf8.dropFirst()
        guard text.utf8.first == UInt8(ascii: "#"), hex.count == 6, hex.allSatisfy(Self.isHexDigit),
              let value = UInt32(text.dropFirst(), radix: 16)
        else { return nil }
        self.init(
            red: UInt8(truncatingIfNeeded: value >> 16),
            green: UInt8(truncatingIfNeeded: value >> 8),
            blue: UInt8(truncatingIfNeeded: value)
        )
    }

    /// A campaign's `brand_color` when well-formed, otherwise `fallback`.
    package init(brandColor: String) {
        self = RGBColor(hex: brandColor) ?? .fallback
    }

    /// The three bytes of a GIF or PNG palette entry.
    package var bytes: [UInt8] { [red, green, blue] }

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "f"), UInt8(ascii: "A")...UInt8(ascii: "F"): true
        default: false
        }
    }
}
