import Foundation
import HTTPTypes
@testable import MockPlatform
@testable import MockPublisher
import XCTest

/// `POST /publisher/v1/drivers/{driver_id}/device_token` (`openapi/publisher.yaml`
/// registerDeviceToken).
final class DeviceTokenTests: XCTestCase {
    private static func path(_ driverID: String, tenant: String = "") -> String {
        "\(tenant)/publisher/v1/drivers/\(driverID)/device_token"
    }

    func testRegistrationAnswersSuccessArrayAndIsStored() async throws {
        try await TestPlatform.run { platform in
            let reply = try await platform.send(
                .post, Self.path("user_123"),
                json: ["token": SampleTokens.apns, "platform": "ios", "bundle_id": "com.example.app"]
            )
            XCTAssertEqual(reply.status, .ok, reply.text)
            XCTAssertEqual(reply.headers[.contentType]?.hasPrefix("application/json"), true)
            XCTAssertEqual(try reply.anyJSON() as? [String], ["success"])
            let stored = try await platform.registrations(of: "user_123")
            XCTAssertEqual(stored, [DeviceRegistration(driverID: "user_123", platform: .ios, token: SampleTokens.apns, bundleID: "com.example.app")])
        }
    }

    func testNoApiKeyIsNeededAndAWrongOneIsIgnored() async throws {
        try await TestPlatform.run { platform in
            let body: [String: Any] = ["token": SampleTokens.fcm, "platform": "android"]
            let plain = try await platform.send(.post, Self.path("d1"), json: body)
            XCTAssertEqual(plain.status, .ok, plain.text)
            let wrongKey = try await platform.send(.post, Self.path("d1"), json: body, headers: [.authorization: "APIKEY nope"])
            XCTAssertEqual(wrongKey.status, .ok, wrongKey.text)
        }
    }

    func testRepeatIsIdempotentAndUpdatesBundleID() async throws {
        try await TestPlatform.run { platform in
            for bundle in ["com.example.app", "com.example.app", "com.example.beta"] {
                let reply = try await platform.send(
                    .post, Self.path("d1"), json: ["token": SampleTokens.apns, "platform": "ios", "bundle_id": bundle]
                )
                XCTAssertEqual(reply.status, .ok, reply.text)
                XCTAssertEqual(try reply.anyJSON() as? [String], ["success"])
            }
            // Without bundle_id the stored one stays.
            let repeatWithout = try await platform.send(.post, Self.path("d1"), json: ["token": SampleTokens.apns, "platform": "ios"])
            XCTAssertEqual(repeatWithout.status, .ok)
            let stored = try await platform.registrations(of: "d1")
            XCTAssertEqual(stored.count, 1, "\(stored)")
            XCTAssertEqual(stored.first?.bundleID, "com.example.beta")
        }
    }

    func testUpperCaseAPNsTokenIsStoredLowerCaseAndRepeatsInEitherCaseAreOneToken() async throws {
        try await TestPlatform.run { platform in
            for token in [SampleTokens.apns.uppercased(), SampleTokens.apns] {
                let reply = try await platform.send(.post, Self.path("d1"), json: ["token": token, "platform": "ios"])
                XCTAssertEqual(reply.status, .ok, reply.text)
            }
            let stored = try await platform.registrations(of: "d1")
            XCTAssertEqual(stored.map(\.token), [SampleTokens.apns])
        }
    }

    func testFCMTokenIsStoredAsSent() async throws {
        let mixed = "AbC_def:GHI-" + String(repeating: "Z", count: 20)
        try await TestPlatform.run { platform in
            let reply = try await platform.send(.post, Self.path("d1"), json: ["token": mixed, "platform": "android"])
            XCTAssertEqual(reply.status, .ok, reply.text)
            let stored = try await platform.registrations(of: "d1")
            XCTAssertEqual(stored, [DeviceRegistration(driverID: "d1", platform: .android, token: mixed, bundleID: nil)])
        }
    }

    func testSameTokenFromAnotherDriverMovesAndADriverHoldsManyTokens() async throws {
        try await TestPlatform.run { platform in
            for (driver, token, kind) in [("d1", SampleTokens.apns, "ios"), ("d1", SampleTokens.fcm, "android"), ("d2", SampleTokens.apns, "ios")] {
                let reply = try await platform.send(.post, Self.path(driver), json: ["token": token, "platform": kind])
                XCTAssertEqual(reply.status, .ok, reply.text)
            }
            let first = try await platform.registrations(of: "d1")
            XCTAssertEqual(first.map(\.token), [SampleTokens.fcm])
            let second = try await platform.registrations(of: "d2")
            XCTAssertEqual(second.map(\.token), [SampleTokens.apns])
        }
    }

    func testTokensArePerTenant() async throws {
        try await TestPlatform.run { platform in
            let reply = try await platform.send(
                .post, Self.path("d1", tenant: "/t/ci-1"), json: ["token": SampleTokens.apns, "platform": "ios"]
            )
            XCTAssertEqual(reply.status, .ok, reply.text)
            let inTenant = try await platform.registrations(of: "d1", tenant: "ci-1")
            XCTAssertEqual(inTenant.count, 1)
            let inDefault = try await platform.registrations(of: "d1")
            XCTAssertEqual(inDefault, [])
        }
    }

    func testResetRemovesTheTenantsTokens() async throws {
        try await TestPlatform.run { platform in
            for tenant in ["", "/t/ci-1"] {
                let reply = try await platform.send(.post, Self.path("d1", tenant: tenant), json: ["token": SampleTokens.apns, "platform": "ios"])
                XCTAssertEqual(reply.status, .ok, reply.text)
            }
            let reset = try await platform.send(.post, "/t/ci-1/_mock/reset")
            XCTAssertEqual(reset.status, .ok, reset.text)
            let afterReset = try await platform.registrations(of: "d1", tenant: "ci-1")
            XCTAssertEqual(afterReset, [])
            let untouched = try await platform.registrations(of: "d1")
            XCTAssertEqual(untouched.count, 1)
        }
    }

    // MARK: - Field errors

    /// Every refused body: DRF field error, nothing stored.
    func testFieldErrors() async throws {
        try await TestPlatform.run { platform in
            let apnsError: [String: Any] = ["token": ["Enter a valid APNs token."]]
            let fcmError: [String: Any] = ["token": ["Enter a valid FCM token."]]
            let bundleError: [String: Any] = ["bundle_id": ["Enter a valid bundle id."]]
            let cases: [(body: [String: Any], expected: [String: Any])] = [
                // platform
                (["token": SampleTokens.apns, "platform": "web"], ["platform": ["\"web\" is not a valid choice."]]),
                (["token": SampleTokens.apns, "platform": "IOS"], ["platform": ["\"IOS\" is not a valid choice."]]),
                (["token": SampleTokens.apns, "platform": NSNull()], ["platform": ["This field is required."]]),
                (["token": SampleTokens.apns, "platform": 1], ["platform": ["Not a valid string."]]),
                // token presence and type
                (["platform": "ios"], ["token": ["This field is required."]]),
                (["token": NSNull(), "platform": "ios"], ["token": ["This field is required."]]),
                (["token": 12345, "platform": "ios"], ["token": ["Not a valid string."]]),
                (["token": [SampleTokens.apns], "platform": "ios"], ["token": ["Not a valid string."]]),
                // iOS token: hex, even length, 64–200
                (["token": String(SampleTokens.apns.dropLast(2)), "platform": "ios"], apnsError),
                (["token": SampleTokens.apns + "a", "platform": "ios"], apnsError),
                (["token": String(repeating: "ab", count: 101), "platform": "ios"], apnsError),
                (["token": String(SampleTokens.apns.dropLast()) + "g", "platform": "ios"], apnsError),
                (["token": "<" + SampleTokens.apns + ">", "platform": "ios"], apnsError),
                (["token": SampleTokens.fcm, "platform": "ios"], apnsError),
                (["token": String(repeating: "\u{FF41}", count: 64), "platform": "ios"], apnsError), // full-width "ａ"
                (["token": String(repeating: "\u{FF10}", count: 64), "platform": "ios"], apnsError), // full-width "０"
                // Android token: 20–4096 of [A-Za-z0-9_:-]
                (["token": String(repeating: "a", count: 19), "platform": "android"], fcmError),
                (["token": String(repeating: "a", count: 4097), "platform": "android"], fcmError),
                (["token": String(repeating: "a", count: 30) + ".", "platform": "android"], fcmError),
                (["token": String(repeating: "a", count: 30) + " ", "platform": "android"], fcmError),
                (["token": String(repeating: "a", count: 30) + "/", "platform": "android"], fcmError),
                (["token": String(repeating: "a", count: 30) + "é", "platform": "android"], fcmError),
                // bundle_id: optional reverse-DNS [A-Za-z0-9.-]+
                (["token": SampleTokens.apns, "platform": "ios", "bundle_id": "com example"], bundleError),
                (["token": SampleTokens.apns, "platform": "ios", "bundle_id": "com_example.app"], bundleError),
                (["token": SampleTokens.apns, "platform": "ios", "bundle_id": ""], bundleError),
                (["token": SampleTokens.apns, "platform": "ios", "bundle_id": "com.exämple"], bundleError),
                (["token": SampleTokens.apns, "platform": "ios", "bundle_id": 7], ["bundle_id": ["Not a valid string."]]),
            ]
            for (body, expected) in cases {
                let reply = try await platform.send(.post, Self.path("d1"), json: body)
                reply.assertDRF(.badRequest, expected)
            }
            let stored = try await platform.registrations(of: "d1")
            XCTAssertEqual(stored, [], "no refused body is stored")
        }
    }

    func testBlankTokenIsAFieldError() async throws {
        try await TestPlatform.run { platform in
            let reply = try await platform.send(.post, Self.path("d1"), json: ["token": "", "platform": "ios"])
            XCTAssertEqual(reply.status, .badRequest)
            XCTAssertEqual((try reply.json()["token"] as? [String])?.count, 1, reply.text)
        }
    }

    func testTokenLengthBoundsAreAccepted() async throws {
        try await TestPlatform.run { platform in
            let accepted: [[String: Any]] = [
                ["token": String(repeating: "ab", count: 32), "platform": "ios"],
                ["token": String(repeating: "AB", count: 100), "platform": "ios"],
                ["token": String(repeating: "a", count: 20), "platform": "android"],
                ["token": String(repeating: "a", count: 4096), "platform": "android"],
                ["token": "a_b:c-D9" + String(repeating: "z", count: 12), "platform": "android"],
                ["token": SampleTokens.apns, "platform": "ios", "bundle_id": NSNull()],
                ["token": SampleTokens.apns, "platform": "ios", "bundle_id": "Com.Example-App.2"],
                ["token": SampleTokens.apns, "platform": "ios", "extra": ["ignored": true]],
            ]
            for body in accepted {
                let reply = try await platform.send(.post, Self.path("d1"), json: body)
                XCTAssertEqual(reply.status, .ok, "\(body): \(reply.text)")
                XCTAssertEqual(try reply.anyJSON() as? [String], ["success"])
            }
        }
    }

    func testDriverIDLimits() async throws {
        try await TestPlatform.run { platform in
            let body: [String: Any] = ["token": SampleTokens.apns, "platform": "ios"]
            let longest = String(repeating: "d", count: 256)
            let ok = try await platform.send(.post, Self.path(longest), json: body)
            XCTAssertEqual(ok.status, .ok, ok.text)

            let tooLong = try await platform.send(.post, Self.path(longest + "d"), json: body)
            tooLong.assertDRF(.badRequest, ["driver_id": ["Ensure this field has no more than 256 characters."]])

            let slash = try await platform.send(.post, Self.path("a%2Fb"), json: body)
            XCTAssertEqual(slash.status, .badRequest, slash.text)
            XCTAssertNotNil(try slash.json()["driver_id"], slash.text)

            // Percent-encoded ids are decoded: `user%40example.com` is `user@example.com`.
            let email = try await platform.send(.post, Self.path("user%40example.com"), json: body)
            XCTAssertEqual(email.status, .ok, email.text)
            let stored = try await platform.registrations(of: "user@example.com")
            XCTAssertEqual(stored.count, 1)
        }
    }

    func testRequestLevelErrors() async throws {
        try await TestPlatform.run { platform in
            let malformed = try await platform.send(
                .post, Self.path("d1"), body: #"{"token": "abc", "#, headers: [.contentType: "application/json"]
            )
            malformed.assertDRF(.badRequest, ["detail": "JSON parse error"])

            let notObject = try await platform.send(.post, Self.path("d1"), json: [SampleTokens.apns])
            notObject.assertDRF(.badRequest, ["detail": "request body must be a JSON object"])

            let notJSON = try await platform.send(
                .post, Self.path("d1"), body: "token=abc", headers: [.contentType: "application/x-www-form-urlencoded"]
            )
            notJSON.assertDRF(.unsupportedMediaType, ["detail": "Content-Type must be application/json"])

            let empty = try await platform.send(.post, Self.path("d1"), headers: [.contentType: "application/json"])
            empty.assertDRF(.badRequest, ["token": ["This field is required."]])

            let get = try await platform.send(.get, Self.path("d1"))
            get.assertDRF(.methodNotAllowed, ["detail": "Method \"GET\" not allowed."])
            XCTAssertEqual(get.headers[.allow], "POST")
        }
    }
}
