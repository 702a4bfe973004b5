import Foundation
import HTTPTypes
@testable import MockPlatform
import XCTest

/// The Wallet store's part of a tenant's state document, and documents written before Wallet
/// had a store of its own (the pass state among the loyalty store's keys).
final class WalletStateTests: XCTestCase {
    static let passType = PassWebServiceTests.passType
    static let devicePasses = "/wallet/v1/devices/device-1/registrations/\(passType)"

    func testAnOlderDocumentWithThePassStateUnderLoyaltyRestoresTheSamePasses() async throws {
        try await TestPlatform.run { platform in
            let token = try await PassWebServiceTests.token(platform)
            let registered = try await platform.send(
                .post, PassWebServiceTests.registration("device-1"), json: ["pushToken": PassWebServiceTests.pushToken],
                headers: [.authorization: "ApplePass \(token)"]
            )
            XCTAssertEqual(registered.status, .created)
            let applied = try await platform.send(.post, "/loyalty/v1/rewards/rw-2off/apply", headers: [HTTPField.Name("Poq-User-Id")!: "member-gold"])
            XCTAssertEqual(applied.status, .ok)
            let listed = try await platform.send(.get, Self.devicePasses).json()
            let tag = try XCTUnwrap(listed["lastUpdated"] as? String)

            let exported = try await platform.send(.get, "/_mock/state")
            let document = try JSONDecoder().decode(JSONValue.self, from: exported.body)
            let stores = try XCTUnwrap(document.objectValue?["stores"]?.objectValue)
            let loyalty = try XCTUnwrap(stores["loyalty"]?.objectValue), wallet = try XCTUnwrap(stores["wallet"]?.objectValue)
            XCTAssertEqual(Set(loyalty.keys), ["members"], "the loyalty store keeps the members")
            XCTAssertEqual(Set(wallet.keys), ["passes", "updateTag", "registrations", "logs", "ids"], "the Wallet store keeps the passes")

            // The layout documents had before: the pass state beside the members.
            var older = stores
            older["loyalty"] = .object(loyalty.merging(wallet) { kept, _ in kept })
            older["wallet"] = nil
            let olderDocument = try XCTUnwrap(document.setting(path: "stores", to: .object(older)))
            try await platform.send(.post, "/_mock/reset")
            let imported = try await platform.send(.put, "/_mock/state", body: olderDocument.text, headers: [.contentType: "application/json"])
            XCTAssertEqual(imported.status, .ok, imported.text)

            // A broken value of the older layout is named where the document holds it.
            let broken = try XCTUnwrap(olderDocument.setting(path: "stores.loyalty.updateTag", to: .string("two")))
            let refused = try await platform.send(.put, "/_mock/state", body: broken.text, headers: [.contentType: "application/json"])
            XCTAssertEqual(refused.status, .badRequest)
            XCTAssertTrue(refused.text.contains("stores.loyalty.updateTag"), refused.text)

            let again = try JSONDecoder().decode(JSONValue.self, from: try await platform.send(.get, "/_mock/state").body)
            let storesAgain = try XCTUnwrap(again.objectValue?["stores"]?.objectValue)
            XCTAssertEqual(storesAgain["loyalty"], stores["loyalty"], "it exports in the newer layout")
            // Id streams move on past what they drew, so that ids never repeat across imports.
            XCTAssertEqual(storesAgain["wallet"]?.objectValue?.filter { $0.key != "ids" }, wallet.filter { $0.key != "ids" })
            let passes = try await platform.send(.get, Self.devicePasses).json()
            XCTAssertEqual(passes["serialNumbers"] as? [String], [PassWebServiceTests.serial], "the registration came back")
            XCTAssertEqual(passes["lastUpdated"] as? String, tag, "and the update tag")
            let tokenAgain = try await PassWebServiceTests.token(platform)
            XCTAssertEqual(tokenAgain, token, "and the pass's token")
        }
    }

    /// A member a document brings without a pass (written by hand, or with `stores.wallet` left
    /// out) gets one when the app first asks for it, instead of a 500.
    func testAMemberADocumentBringsWithoutAPassIsIssuedOneOnFirstUse() async throws {
        try await TestPlatform.run { platform in
            let exported = try await platform.send(.get, "/_mock/state")
            let document = try JSONDecoder().decode(JSONValue.self, from: exported.body)
            let gold = try XCTUnwrap(document.objectValue?["stores"]?.objectValue?["loyalty"]?.objectValue?["members"]?.objectValue?["member-gold"])
            let newcomer = try XCTUnwrap(
                gold.setting(path: "id", to: .string("member-new"))?.setting(path: "loyalty.cardNumber", to: .string("6000000000001"))
            )
            var written = try XCTUnwrap(document.setting(path: "stores.loyalty.members.member-new", to: newcomer))
            written = try XCTUnwrap(written.setting(path: "stores", to: .object(
                (written.objectValue?["stores"]?.objectValue ?? [:]).filter { $0.key != "wallet" }
            )))
            let imported = try await platform.send(.put, "/_mock/state", body: written.text, headers: [.contentType: "application/json"])
            XCTAssertEqual(imported.status, .ok, imported.text)

            let member: HTTPFields = [HTTPField.Name("Poq-User-Id")!: "member-new"]
            let pass = try await platform.send(.get, "/loyalty/v1/wallet-pass?passId=\(Self.passType)", headers: member)
            XCTAssertEqual(pass.status, .ok, pass.text)
            XCTAssertEqual(pass.headers[.contentType], "application/vnd.apple.pkpass")
            let again = try await platform.send(.get, "/loyalty/v1/wallet-pass?passId=\(Self.passType)", headers: member)
            XCTAssertEqual(again.headers[.lastModified], pass.headers[.lastModified])
            let (first, second) = (try WalletFixtures.passJSON(of: pass.body), try WalletFixtures.passJSON(of: again.body))
            XCTAssertEqual(first["serialNumber"] as? String, "6000000000001")
            XCTAssertEqual(
                second["authenticationToken"] as? String, first["authenticationToken"] as? String,
                "the pass is kept: its token stays the one the first archive carried"
            )
        }
    }

    /// A pass downloaded under the app's own id (none configured) keeps it through an export and
    /// an import: the PassKit web service answers under that id, and under no other.
    func testThePassTypeADownloadNamedSurvivesAnExportAndImport() async throws {
        try await TestPlatform.run { platform in
            let appID = "pass.com.poqstudio.demo.loyaltycard"
            let member: HTTPFields = [HTTPField.Name("Poq-User-Id")!: "member-gold"]
            let pass = try await platform.send(.get, "/loyalty/v1/wallet-pass?passId=\(appID)", headers: member)
            XCTAssertEqual(pass.status, .ok, pass.text)
            let card = try WalletFixtures.passJSON(of: pass.body)
            XCTAssertEqual(card["passTypeIdentifier"] as? String, appID)
            let serial = try XCTUnwrap(card["serialNumber"] as? String)
            let auth: HTTPFields = [.authorization: "ApplePass \(try XCTUnwrap(card["authenticationToken"] as? String))"]

            let exported = try await platform.send(.get, "/_mock/state")
            try await platform.send(.post, "/_mock/reset")
            let imported = try await platform.send(.put, "/_mock/state", body: exported.text, headers: [.contentType: "application/json"])
            XCTAssertEqual(imported.status, .ok, imported.text)
            let latest = try await platform.send(.get, "/wallet/v1/passes/\(appID)/\(serial)", headers: auth)
            XCTAssertEqual(latest.status, .ok, latest.text)
            let other = try await platform.send(.get, "/wallet/v1/passes/\(Self.passType)/\(serial)", headers: auth)
            XCTAssertEqual(other.status, .notFound, "the pass is of the type its download named")
        }
    }
}
