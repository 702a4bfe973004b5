import Foundation
@testable import MockPlatform

/// Shared inputs of the wallet tests: the contract's example members.
enum WalletFixtures {
    /// The contract's `member-gold`: Code 128, 420 points, Gold, 50 expiring.
    static let gold = PassMember(
        cardNumber: "6001234567890", barcodeFormat: .code128, firstName: "Ada", lastName: "Lovelace",
        points: 420, pointsToGo: 80, tier: "Gold", expiringPoints: 50, expiringPointsDate: CalendarDay("2026-12-31"),
        voided: false
    )

    /// The contract's `member-qr`: QR, no points, no tier, nothing expiring.
    static let qr = PassMember(
        cardNumber: "6009876543210", barcodeFormat: .qr, firstName: "Grace", lastName: "Hopper",
        points: 0, pointsToGo: 500, tier: nil, expiringPoints: 0, expiringPointsDate: nil, voided: false
    )

    /// The member's pass.json as the contract's example has it (dev-chain ids, example URL and token).
    static func content(_ member: PassMember = gold) -> PassContent {
        PassContent(
            member: member, passTypeIdentifier: "pass.com.example.mock.loyalty", teamIdentifier: "MOCKTEAM00",
            webServiceURL: "https://mock.example.test/wallet", authenticationToken: "q8Vn2xY7bT1kLm0pR4sW9zA3cE5gH6jK"
        )
    }
}
