/// What a member's loyalty pass shows about them: the plain inputs of `PassContent`, taken from
/// the member's account and loyalty record (contract A.3).
public struct PassMember: Sendable, Equatable {
    /// Also the pass serial number and the barcode message; must be ISO-8859-1 representable.
    public var cardNumber: String
    public var barcodeFormat: PassBarcodeFormat
    public var firstName: String
    public var lastName: String
    public var points: Int
    public var pointsToGo: Int
    public var tier: String?
    public var expiringPoints: Int
    public var expiringPointsDate: CalendarDay?
    /// True when loyalty is inactive (contract A.5): the pass is served with `"voided": true`.
    public var voided: Bool

    public init(
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
