import MockPlatformKit

/// A tenant's look for its passes: organization name, logo text and the three colours
/// (contract B.2); the colours also fill the generated icon and logo.
package struct PassBranding: Sendable, Equatable {
    package var organizationName: String
    package var logoText: String
    package var foregroundColor: RGBColor
    package var backgroundColor: RGBColor
    package var labelColor: RGBColor

    /// The contract's defaults: "Mock Retail", white on rgb(20, 40, 90), labels rgb(200, 210, 230).
    package static let mock = PassBranding(
        organizationName: "Mock Retail", logoText: "Mock Retail",
        foregroundColor: RGBColor(red: 255, green: 255, blue: 255),
        backgroundColor: RGBColor(red: 20, green: 40, blue: 90),
        labelColor: RGBColor(red: 200, green: 210, blue: 230)
    )

    package init(organizationName: String, logoText: String, foregroundColor: RGBColor, backgroundColor: RGBColor, labelColor: RGBColor) {
        self.organizationName = organizationName
        self.logoText = logoText
        self.foregroundColor = foregroundColor
        self.backgroundColor = backgroundColor
        self.labelColor = labelColor
    }
}
