import Foundation
import MockPlatformKit

/// The `pass.json` of a member's loyalty card: a `storeCard` pass as contract B.2 lays it out.
///
/// Built from plain inputs by `init(member:branding:passTypeIdentifier:teamIdentifier:webServiceURL:authenticationToken:)`;
/// `encoded()` gives the exact bytes that go into the package. Keys with no value (`voided` on a
/// valid pass, a field's missing label) are left out, as PassKit expects.
package struct PassContent: Codable, Sendable, Equatable {
    package var formatVersion: Int
    package var passTypeIdentifier: String
    package var serialNumber: String
    package var teamIdentifier: String
    package var organizationName: String
    /// The accessibility text of the pass.
    package var description: String
    package var logoText: String
    package var foregroundColor: String
    package var backgroundColor: String
    package var labelColor: String
    package var webServiceURL: String
    package var authenticationToken: String
    package var storeCard: PassFieldGroups
    package var barcodes: [PassBarcode]
    /// `true` on the pass of an inactive loyalty account, absent otherwise.
    package var voided: Bool?

    /// The fixed text on the back of every pass.
    package static let terms = "A mock loyalty card issued by a test server. It has no cash value."

    /// The member's pass.
    ///
    /// - Parameters:
    ///   - passTypeIdentifier: the signing identity's, which the certificate must match.
    ///   - webServiceURL: `{publicBaseURL}{tenantPrefix}/wallet`.
    ///   - authenticationToken: at least 16 characters, made with the pass and never changed.
    package init(
        member: PassMember, branding: PassBranding = .mock, passTypeIdentifier: String, teamIdentifier: String,
        webServiceURL: String, authenticationToken: String
    ) {
        formatVersion = 1
        self.passTypeIdentifier = passTypeIdentifier
        serialNumber = member.cardNumber
        self.teamIdentifier = teamIdentifier
        organizationName = branding.organizationName
        description = "Loyalty card"
        logoText = branding.logoText
        foregroundColor = branding.foregroundColor.cssRGB
        backgroundColor = branding.backgroundColor.cssRGB
        labelColor = branding.labelColor.cssRGB
        self.webServiceURL = webServiceURL
        self.authenticationToken = authenticationToken
        storeCard = Self.fields(of: member)
        barcodes = [
            PassBarcode(
                format: member.barcodeFormat.passKitFormat, message: member.cardNumber,
                messageEncoding: "iso-8859-1", altText: member.cardNumber
            ),
        ]
        voided = member.voided ? true : nil
    }

    /// Compact JSON with sorted keys and unescaped slashes: the same content always gives the
    /// same bytes.
    package func encoded() throws(WalletError) -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        do {
            return Array(try encoder.encode(self))
        } catch {
            throw WalletError("cannot encode pass.json: \(error)")
        }
    }

    /// Points in the header, the member's name, tier and points to go, expiring points (when
    /// there are any), and the card number and terms on the back.
    private static func fields(of member: PassMember) -> PassFieldGroups {
        var secondary: [PassField] = []
        if let tier = member.tier {
            secondary.append(PassField(key: "tier", label: "TIER", value: .text(tier)))
        }
        secondary.append(PassField(key: "pointsToGo", label: "TO NEXT REWARD", value: .number(member.pointsToGo)))
        var auxiliary: [PassField] = []
        if member.expiringPoints > 0 {
            auxiliary.append(PassField(key: "expiring", label: "EXPIRING", value: .number(member.expiringPoints)))
            if let date = member.expiringPointsDate {
                auxiliary.append(PassField(key: "expiringDate", label: "EXPIRES", value: .text(date.description)))
            }
        }
        let name = [member.firstName, member.lastName].filter { !$0.isEmpty }.joined(separator: " ")
        return PassFieldGroups(
            headerFields: [
                PassField(key: "points", label: "POINTS", value: .number(member.points), changeMessage: "You now have %@ points"),
            ],
            primaryFields: [PassField(key: "member", label: "MEMBER", value: .text(name))],
            secondaryFields: secondary,
            auxiliaryFields: auxiliary,
            backFields: [
                PassField(key: "cardNumber", label: "Card number", value: .text(member.cardNumber)),
                PassField(key: "terms", label: "Terms", value: .text(terms)),
            ]
        )
    }
}
