import Foundation
@testable import MockPlatform
@testable import MockWallet
import XCTest

/// `pass.json` as contract B.2 lays it out for a member.
final class WalletPassContentTests: XCTestCase {
    private func json(_ content: PassContent) throws -> [String: Any] {
        let object = try JSONSerialization.jsonObject(with: Data(try content.encoded()))
        return try XCTUnwrap(object as? [String: Any])
    }

    func testGoldMemberGivesTheContractExample() throws {
        let example = """
            { "formatVersion": 1, "passTypeIdentifier": "pass.com.example.mock.loyalty", "serialNumber": "6001234567890",
              "teamIdentifier": "MOCKTEAM00", "organizationName": "Mock Retail", "description": "Loyalty card",
              "logoText": "Mock Retail", "foregroundColor": "rgb(255, 255, 255)", "backgroundColor": "rgb(20, 40, 90)",
              "labelColor": "rgb(200, 210, 230)", "webServiceURL": "https://mock.example.test/wallet",
              "authenticationToken": "q8Vn2xY7bT1kLm0pR4sW9zA3cE5gH6jK",
              "storeCard": { "headerFields": [ { "key": "points", "label": "POINTS", "value": 420, "changeMessage": "You now have %@ points" } ],
                "primaryFields": [ { "key": "member", "label": "MEMBER", "value": "Ada Lovelace" } ],
                "secondaryFields": [ { "key": "tier", "label": "TIER", "value": "Gold" }, { "key": "pointsToGo", "label": "TO NEXT REWARD", "value": 80 } ],
                "auxiliaryFields": [ { "key": "expiring", "label": "EXPIRING", "value": 50 }, { "key": "expiringDate", "label": "EXPIRES", "value": "2026-12-31" } ],
                "backFields": [ { "key": "cardNumber", "label": "Card number", "value": "6001234567890" },
                                { "key": "terms", "label": "Terms", "value": "\(PassContent.terms)" } ] },
              "barcodes": [ { "format": "PKBarcodeFormatCode128", "message": "6001234567890", "messageEncoding": "iso-8859-1", "altText": "6001234567890" } ] }
            """
        let expected = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(example.utf8)) as? NSDictionary)
        XCTAssertEqual(try json(WalletFixtures.content()) as NSDictionary, expected)
    }

    func testBarcodeFormatsMapToPassKitFormatsWithTheCardNumberInLatin1() throws {
        for (member, format) in [(WalletFixtures.gold, "PKBarcodeFormatCode128"), (WalletFixtures.qr, "PKBarcodeFormatQR")] {
            let barcodes = try XCTUnwrap(try json(WalletFixtures.content(member))["barcodes"] as? [[String: String]])
            XCTAssertEqual(barcodes, [
                ["format": format, "message": member.cardNumber, "messageEncoding": "iso-8859-1", "altText": member.cardNumber],
            ])
        }
        XCTAssertEqual(PassBarcodeFormat(rawValue: "qr")?.passKitFormat, "PKBarcodeFormatQR")
        XCTAssertEqual(PassBarcodeFormat(rawValue: "code128")?.passKitFormat, "PKBarcodeFormatCode128")
    }

    func testNullTierAndNoExpiringPointsLeaveTheirFieldsOut() throws {
        let storeCard = try XCTUnwrap(try json(WalletFixtures.content(WalletFixtures.qr))["storeCard"] as? [String: [[String: Any]]])
        XCTAssertEqual(storeCard["secondaryFields"]?.compactMap { $0["key"] as? String }, ["pointsToGo"])
        XCTAssertEqual(storeCard["auxiliaryFields"]?.count, 0)
        XCTAssertEqual(storeCard["primaryFields"]?.first?["value"] as? String, "Grace Hopper")

        var noDate = WalletFixtures.gold
        noDate.expiringPointsDate = nil
        let auxiliary = WalletFixtures.content(noDate).storeCard.auxiliaryFields
        XCTAssertEqual(auxiliary, [PassField(key: "expiring", label: "EXPIRING", value: .number(50))])
    }

    func testOnlyAnInactiveMemberGetsVoided() throws {
        XCTAssertNil(try json(WalletFixtures.content())["voided"])
        var inactive = WalletFixtures.gold
        inactive.voided = true
        XCTAssertEqual(try json(WalletFixtures.content(inactive))["voided"] as? Bool, true)
    }

    func testFieldKeysAreUniqueAcrossThePass() {
        let groups = WalletFixtures.content().storeCard
        let keys = (groups.headerFields + groups.primaryFields + groups.secondaryFields + groups.auxiliaryFields + groups.backFields).map(\.key)
        XCTAssertEqual(Set(keys).count, keys.count, "\(keys)")
    }

    func testEncodingIsCompactSortedAndLeavesSlashesUnescaped() throws {
        let bytes = try WalletFixtures.content().encoded()
        XCTAssertEqual(bytes, try WalletFixtures.content().encoded())
        let text = String(decoding: bytes, as: UTF8.self)
        XCTAssertTrue(text.hasPrefix(#"{"authenticationToken":"q8Vn2xY7bT1kLm0pR4sW9zA3cE5gH6jK","backgroundColor":"rgb(20, 40, 90)","barcodes":"#), text)
        XCTAssertTrue(text.contains(#""webServiceURL":"https://mock.example.test/wallet""#), text)
        XCTAssertFalse(text.contains("\n"))
    }

    func testBrandingSetsNamesColoursAndImages() throws {
        let branding = PassBranding(
            organizationName: "Shop", logoText: "Shop Club", foregroundColor: RGBColor(red: 1, green: 2, blue: 3),
            backgroundColor: RGBColor(red: 250, green: 128, blue: 0), labelColor: RGBColor(red: 0, green: 0, blue: 0)
        )
        let content = PassContent(
            member: WalletFixtures.gold, branding: branding, passTypeIdentifier: "pass.test", teamIdentifier: "TEAM000001",
            webServiceURL: "http://127.0.0.1:8080/t/acme/wallet", authenticationToken: String(repeating: "a", count: 32)
        )
        XCTAssertEqual(
            [content.organizationName, content.logoText, content.foregroundColor, content.backgroundColor, content.labelColor],
            ["Shop", "Shop Club", "rgb(1, 2, 3)", "rgb(250, 128, 0)", "rgb(0, 0, 0)"]
        )
        let palettes = try PassImages.solid(branding).files.map { file in
            try XCTUnwrap(ImageBytes.pngChunks(file.bytes)?.first { $0.type == "PLTE" }?.data, file.path)
        }
        XCTAssertEqual(palettes, [[250, 128, 0], [250, 128, 0], [250, 128, 0], [1, 2, 3], [1, 2, 3], [1, 2, 3]])
    }
}
