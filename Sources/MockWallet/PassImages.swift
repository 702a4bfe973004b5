import MockPlatformKit

/// The image files of a pass package. The mock generates solid-colour PNGs (contract B.2, E.19)
/// with the ad-logo encoder: `icon.png` 29×29 (@2x 58, @3x 87) in the background colour and
/// `logo.png` 160×50 (@2x 320×100, @3x 480×150) in the foreground colour, so the logo shows on
/// the card.
package struct PassImages: Sendable, Equatable {
    /// In package order.
    package var files: [PassFile]

    package init(files: [PassFile]) {
        self.files = files
    }

    /// Every size of the icon and the logo, in `branding`'s colours.
    package static func solid(_ branding: PassBranding) -> PassImages {
        solid(icon: branding.backgroundColor, logo: branding.foregroundColor)
    }

    package static func solid(icon: RGBColor, logo: RGBColor) -> PassImages {
        PassImages(files: sizes.map { image in
            PassFile(
                path: image.path,
                bytes: PNGEncoder.solid(width: image.width, height: image.height, color: image.isIcon ? icon : logo)
            )
        })
    }

    /// The generated images: name and size.
    static let sizes: [(path: String, width: Int, height: Int, isIcon: Bool)] = [
        ("icon.png", 29, 29, true), ("icon@2x.png", 58, 58, true), ("icon@3x.png", 87, 87, true),
        ("logo.png", 160, 50, false), ("logo@2x.png", 320, 100, false), ("logo@3x.png", 480, 150, false),
    ]
}
