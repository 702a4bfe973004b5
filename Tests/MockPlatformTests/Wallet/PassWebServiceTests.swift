import Foundation
import HTTPTypes
@testable import MockPlatform
import XCTest

/// The PassKit web service (`openapi/wallet.yaml`): registration, the changed-serials list with
/// string tags, authentication, unregistration, device logs, and the update pushes a points
/// change records.
final class PassWebServiceTests: XCTestCase {
    static let passType = "pass.com.example.mock.loyalty"
    static let serial = "6001234567890"
    static let pushToken = String(repeating: "ab", count: 32)

    /// The gold member's pass authentication token, read from the pass as a device reads it.
    static func token(_ platform: TestPlatform) async throws -> String {
        let pass = try await platform.send(
            .get, "/loyalty/v1/wallet-pass?passId=\(passType)", headers: [HTTPField.Name("Poq-User-Id")!: "member-gold"]
        )
        return try XCTUnwrap(try WalletFixtures.passJSON(of: pass.body)["authenticationToken"] as? String)
    }

    static func registration(_ device: String) -> String {
        "/wallet/v1/devices/\(device)/registrations/\(passType)/\(serial)"
    }

    func testTheWebServiceWalk() async throws {
        try await TestPlatform.run { platform in
            let auth: HTTPFields = [.authorization: "ApplePass \(try await Self.token(platform))"]
            let body = ["pushToken": Self.pushToken]
            let first = try await platform.send(.post, Self.registration("device-1"), json: body, headers: auth)
            XCTAssertEqual(first.status, .created)
            let again = try await platform.send(.post, Self.registration("device-1"), json: body, headers: auth)
            XCTAssertEqual(again.status, .ok)

            let list = try await platform.send(.get, "/wallet/v1/devices/device-1/registrations/\(Self.passType)")
            XCTAssertEqual(list.status, .ok)
            let serials = try list.json()
            XCTAssertEqual(serials["serialNumbers"] as? [String], [Self.serial])
            let tag = try XCTUnwrap(serials["lastUpdated"] as? String, "lastUpdated is a JSON string")
            let unchanged = try await platform.send(.get, "/wallet/v1/devices/device-1/registrations/\(Self.passType)?passesUpdatedSince=\(tag)")
            XCTAssertEqual(unchanged.status, .noContent)

            let applied = try await platform.send(.post, "/loyalty/v1/rewards/rw-2off/apply", headers: [HTTPField.Name("Poq-User-Id")!: "member-gold"])
            XCTAssertEqual(applied.status, .ok)
            let changed = try await platform.send(.get, "/wallet/v1/devices/device-1/registrations/\(Self.passType)?passesUpdatedSince=\(tag)")
            XCTAssertEqual(try changed.json()["serialNumbers"] as? [String], [Self.serial], "the points change shows as an update")
            XCTAssertNotEqual(try changed.json()["lastUpdated"] as? String, tag)

            let pushes = try await platform.send(.get, "/_mock/pushes?kind=wallet_pass_update").json()["pushes"] as? [[String: Any]]
            XCTAssertEqual(pushes?.count, 1, "one push per registered token")
            XCTAssertEqual(pushes?.first?["device_token"] as? String, Self.pushToken)
            XCTAssertEqual((pushes?.first?["payload"] as? [String: Any])?.count, 0, "an empty payload")
            XCTAssertEqual((pushes?.first?["apns_headers"] as? [String: String])?["apns-topic"], Self.passType)
            let pushID = try XCTUnwrap(pushes?.first?["id"] as? String)
            try await platform.send(.get, "/_mock/pushes/\(pushID)/export").assertProblem(
                .conflict, "a wallet_pass_update push is addressed to Wallet, not to an app: it has no .apns form"
            )

            let wrong = try await platform.send(.post, Self.registration("device-2"), json: body, headers: [.authorization: "ApplePass nope"])
            XCTAssertEqual(wrong.status, .unauthorized)
            XCTAssertEqual(try wrong.json()["type"] as? String, "urn:mock:wallet:unauthorized")
            let unknown = try await platform.send(.post, "/wallet/v1/devices/d/registrations/\(Self.passType)/000", json: body, headers: auth)
            XCTAssertEqual(unknown.status, .notFound, "an unknown pass is a 404, checked before the token")
            let badToken = try await platform.send(.post, Self.registration("device-3"), json: ["pushToken": "xyz"], headers: auth)
            XCTAssertEqual(badToken.status, .badRequest)

            let removed = try await platform.send(.delete, Self.registration("device-1"), headers: auth)
            XCTAssertEqual(removed.status, .ok)
            let removedAgain = try await platform.send(.delete, Self.registration("device-1"), headers: auth)
            XCTAssertEqual(removedAgain.status, .ok, "idempotent")
            let none = try await platform.send(.get, "/wallet/v1/devices/device-1/registrations/\(Self.passType)")
            XCTAssertEqual(none.status, .noContent)

            let logged = try await platform.send(.post, "/wallet/v1/log", json: ["logs": ["Web service error for pass.com.example.mock.loyalty"]])
            XCTAssertEqual(logged.status, .ok)
            let logs = try await platform.tenants.tenant(.default).wallet.logs
            XCTAssertEqual(logs.map(\.message), ["Web service error for pass.com.example.mock.loyalty"])
        }
    }

    /// The list is kept (`WalletModule.cachedReads`) until the store changes: the same request
    /// sees a points change's new tag at once.
    func testTheSerialsListFollowsAPassUpdate() async throws {
        try await TestPlatform.run { platform in
            let auth: HTTPFields = [.authorization: "ApplePass \(try await Self.token(platform))"]
            let registered = try await platform.send(.post, Self.registration("device-1"), json: ["pushToken": Self.pushToken], headers: auth)
            XCTAssertEqual(registered.status, .created, registered.text)
            let list = "/wallet/v1/devices/device-1/registrations/\(Self.passType)"
            let first = try await platform.send(.get, list)
            let again = try await platform.send(.get, list)
            XCTAssertEqual(again.text, first.text)
            let applied = try await platform.send(.post, "/loyalty/v1/rewards/rw-2off/apply", headers: [HTTPField.Name("Poq-User-Id")!: "member-gold"])
            XCTAssertEqual(applied.status, .ok, applied.text)
            let after = try await platform.send(.get, list)
            XCTAssertNotEqual(try after.json()["lastUpdated"] as? String, try first.json()["lastUpdated"] as? String, after.text)
        }
    }

    func testLatestPassAnswers200ThenNotModifiedAndMovesOnAChange() async throws {
        try await TestPlatform.run { platform in
            let auth: HTTPFields = [.authorization: "ApplePass \(try await Self.token(platform))"]
            let path = "/wallet/v1/passes/\(Self.passType)/\(Self.serial)"
            let first = try await platform.send(.get, path, headers: auth)
            XCTAssertEqual(first.status, .ok)
            XCTAssertEqual(first.headers[.contentType], "application/vnd.apple.pkpass")
            XCTAssertEqual(Array(first.body.prefix(2)), [0x50, 0x4B], "a zip archive")
            let modified = try XCTUnwrap(first.headers[.lastModified])
            XCTAssertTrue(modified.hasSuffix(" GMT"), modified)
            let same = try await platform.send(.get, path, headers: [.authorization: auth[.authorization] ?? "", .ifModifiedSince: modified])
            XCTAssertEqual(same.status, .notModified)
            XCTAssertTrue(same.body.isEmpty)
            let unauthorized = try await platform.send(.get, path)
            XCTAssertEqual(unauthorized.status, .unauthorized)

            try await platform.send(.post, "/_mock/clock", json: ["advance_seconds": 5])
            _ = try await platform.send(.post, "/loyalty/v1/activities/ac-survey/redeem", headers: [HTTPField.Name("Poq-User-Id")!: "member-gold"])
            let changed = try await platform.send(.get, path, headers: [.authorization: auth[.authorization] ?? "", .ifModifiedSince: modified])
            XCTAssertEqual(changed.status, .ok, "the points change made a new version")
            XCTAssertNotEqual(changed.headers[.lastModified], modified)

            let download = try await platform.send(
                .get, "/loyalty/v1/wallet-pass?passId=\(Self.passType)", headers: [HTTPField.Name("Poq-User-Id")!: "member-gold"]
            )
            XCTAssertEqual(download.status, .ok)
            XCTAssertEqual(download.headers[.contentDisposition], #"attachment; filename="loyalty.pkpass""#)
            let wrongID = try await platform.send(.get, "/loyalty/v1/wallet-pass?passId=com.other", headers: [HTTPField.Name("Poq-User-Id")!: "member-gold"])
            XCTAssertEqual(try wrongID.json()["type"] as? String, "urn:mock:loyalty:invalid-pass-id")
            let inactive = try await platform.send(
                .get, "/loyalty/v1/wallet-pass?passId=\(Self.passType)", headers: [HTTPField.Name("Poq-User-Id")!: "member-inactive"]
            )
            XCTAssertEqual(try inactive.json()["type"] as? String, "urn:mock:loyalty:inactive")
        }
    }
}
