import MockPlatformKit

extension RGBColor {
    /// `rgb(r, g, b)`, the colour syntax of `pass.json`.
    package var cssRGB: String { "rgb(\(red), \(green), \(blue))" }
}
