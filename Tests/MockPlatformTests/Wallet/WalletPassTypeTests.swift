import Foundation
import HTTPTypes
@testable import MockPlatform
@testable import MockWallet
import XCTest

/// The tenant's Wallet pass type id (`wallet_pass_type_id`, `--pass-type-id`): free while the
/// development chain signs, fixed by a real pass certificate; and the pass's web service URL.
final class WalletPassTypeTests: XCTestCase {
    private static let member: HTTPFields = [HTTPField.Name("Poq-User-Id")!: "member-gold"]
    private static let appID = "pass.com.poqstudio.demo.loyaltycard"

    func testAPatchedIDIsTheOneDownloadsMustNameAndPassesCarry() async throws {
        var options = ServerOptions()
        options.dataDirectory = WalletFixtures.temporaryDirectory(for: self)
        try await TestPlatform.run(options: options) { platform in
            try await platform.send(.patch, "/_mock/config", json: ["wallet_pass_type_id": Self.appID])
            let refused = try await platform.send(.get, "/loyalty/v1/wallet-pass?passId=pass.com.example.mock.loyalty", headers: Self.member)
            XCTAssertEqual(refused.status, .badRequest)
            XCTAssertEqual(try refused.json()["detail"] as? String, "passId must be \(Self.appID)")
            let pass = try await platform.send(.get, "/loyalty/v1/wallet-pass?passId=\(Self.appID)", headers: Self.member)
            XCTAssertEqual(pass.status, .ok)
            let card = try WalletFixtures.passJSON(of: pass.body)
            XCTAssertEqual(card["passTypeIdentifier"] as? String, Self.appID)
        }
    }

    func testThePassWebServiceURLFollowsTheAddressTheAppUsed() async throws {
        var options = ServerOptions()
        options.dataDirectory = WalletFixtures.temporaryDirectory(for: self)
        try await TestPlatform.run(options: options) { platform in
            var headers = Self.member
            headers[HTTPField.Name("X-Forwarded-Host")!] = "192.168.1.20:8080"
            let pass = try await platform.send(.get, "/t/team-a/loyalty/v1/wallet-pass?passId=pass.com.example.mock.loyalty", headers: headers)
            XCTAssertEqual(pass.status, .ok)
            let card = try WalletFixtures.passJSON(of: pass.body)
            XCTAssertEqual(card["webServiceURL"] as? String, "http://192.168.1.20:8080/t/team-a/wallet",
                           "a device on the LAN reaches the web service where it downloaded the pass")
        }
    }

    func testARealCertificateFixesTheID() async throws {
        let source = WalletFixtures.sharedDirectory
        _ = try WalletFixtures.identity()
        var options = ServerOptions()
        options.dataDirectory = WalletFixtures.temporaryDirectory(for: self)
        options.processOptions[WalletPlatform.passCertificate] = source.appendingPathComponent("pass-certificate.pem").path
        options.processOptions[WalletPlatform.passKey] = source.appendingPathComponent("pass-key.pem").path
        options.processOptions[WalletPlatform.wwdrCertificate] = source.appendingPathComponent("wwdr-certificate.pem").path
        options.processOptions[WalletPlatform.teamID] = "ABCDE12345"
        try await TestPlatform.run(options: options) { platform in
            let config = try await platform.send(.get, "/_mock/config").json()
            XCTAssertEqual(config["wallet_pass_type_id"] as? String, "pass.com.example.mock.loyalty", "the certificate's UID")
            try await platform.send(.patch, "/_mock/config", json: ["wallet_pass_type_id": Self.appID]).assertProblem(
                .badRequest, "wallet_pass_type_id is fixed to pass.com.example.mock.loyalty by the server's pass certificate"
            )
            let same = try await platform.send(.patch, "/_mock/config", json: ["wallet_pass_type_id": "pass.com.example.mock.loyalty"])
            XCTAssertEqual(same.status, .ok, "naming the certificate's own id is fine")
            let pass = try await platform.send(.get, "/loyalty/v1/wallet-pass?passId=pass.com.example.mock.loyalty", headers: Self.member)
            XCTAssertEqual(pass.status, .ok)
        }
    }
}
