import MockPlatformKit

/// What a member's loyalty pass shows about them: the plain inputs of `PassContent`, taken from
/// the member's account and loyalty record (contract A.3).
package struct PassMember: Sendable, Equatable {
    /// Also the pass serial number and the barcode message; must be ISO-8859-1 representable.
    package var cardNumber: String
    package var barcodeFormat: PassBarcodeFormat
    package var firstName: String
    package var lastName: String
    package var points: Int
    package var pointsToGo: Int
    package var tier: String?
    package var expiringPoints: Int
    package var expiringPointsDate: CalendarDay?
    /// True when loyalty is inactive (contract A.5): the pass is served with `"voided": true`.
    package var voided: Bool

    package init(
        cardNumber: String, barcodeFormat: PassBarcodeFormat, firstName: String, lastName: String,
        points: Int, pointsToGo: Int, tier: String?, expiringPoints: Int, expiringPointsDate: CalendarDay?,
        voided: Bool
    ) {
        self.cardNumber = cardNumber
        self.barcodeFormat = barcodeFormat
        self.firstName = firstName
        self.lastName = lastName
        self.points = points
        self.pointsToGo = pointsToGo
        self.tier = tier
        self.expiringPoints = expiringPoints
        self.expiringPointsDate = expiringPointsDate
        self.voided = voided
    }
}
