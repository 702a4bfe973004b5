import Foundation
@testable import MockPlatform
@testable import MockPlatformRuntime
@testable import MockPublisher
import XCTest

/// `DeviceRegistry` and `DeviceRegistration(body:driverID:)` as units (`openapi/publisher.yaml` registerDeviceToken:
/// idempotency and token rules).
final class DeviceRegistryTests: XCTestCase {
    private func ios(_ driver: String, _ token: String = SampleTokens.apns, bundle: String? = nil) -> DeviceRegistration {
        DeviceRegistration(driverID: driver, platform: .ios, token: token, bundleID: bundle)
    }

    func testRepeatKeepsOneEntry() async throws {
        let registry = try TestTenant.fresh().devices
        try await registry.register(ios("d1"))
        try await registry.register(ios("d1"))
        let stored = await registry.registrations(of: "d1")
        XCTAssertEqual(stored, [ios("d1")])
    }

    func testSameTokenForAnotherDriverMovesIt() async throws {
        let registry = try TestTenant.fresh().devices
        try await registry.register(ios("d1", bundle: "com.example.app"))
        try await registry.register(ios("d2"))
        let first = await registry.registrations(of: "d1")
        let second = await registry.registrations(of: "d2")
        XCTAssertEqual(first, [])
        XCTAssertEqual(second, [ios("d2", bundle: "com.example.app")], "the move keeps the bundle id")
    }

    func testBundleIDIsUpdatedWhenSentAndKeptWhenNot() async throws {
        let registry = try TestTenant.fresh().devices
        try await registry.register(ios("d1", bundle: "com.example.app"))
        try await registry.register(ios("d1", bundle: "com.example.beta"))
        var stored = await registry.registrations(of: "d1")
        XCTAssertEqual(stored.map(\.bundleID), ["com.example.beta"])
        try await registry.register(ios("d1"))
        stored = await registry.registrations(of: "d1")
        XCTAssertEqual(stored.map(\.bundleID), ["com.example.beta"])
    }

    func testKeyIsPlatformAndTokenAndADriverHoldsManyInFirstRegistrationOrder() async throws {
        let registry = try TestTenant.fresh().devices
        let shared = String(repeating: "ab", count: 32)
        try await registry.register(ios("d1", shared))
        try await registry.register(DeviceRegistration(driverID: "d1", platform: .android, token: shared, bundleID: nil))
        try await registry.register(ios("d1", SampleTokens.apns2))
        try await registry.register(ios("d1", shared, bundle: "com.example.app"))
        let stored = await registry.registrations(of: "d1")
        XCTAssertEqual(stored.map(\.platform), [.ios, .android, .ios])
        XCTAssertEqual(stored.map(\.token), [shared, shared, SampleTokens.apns2])
        XCTAssertEqual(stored.first?.bundleID, "com.example.app")
        let nobody = await registry.registrations(of: "d2")
        XCTAssertEqual(nobody, [])
    }

    /// As the tenant's push address book (a campaign send's lookup): a token named in either
    /// case finds its registration, addressed with its bundle id, else the tenant's.
    func testAsAPushAddressBookATokenInAnyCaseFindsItsDeviceAndBundle() async throws {
        let tenant = try TestTenant.fresh()
        let book = try XCTUnwrap(tenant.pushAddressBook)
        try await tenant.devices.register(ios("d1", bundle: "com.example.app"))
        try await tenant.devices.register(ios("d1", SampleTokens.apns2))
        let named = await book.target(token: SampleTokens.apns.uppercased(), tenantBundleID: "com.example.tenant")
        XCTAssertEqual(named, PushTarget(platform: .ios, token: SampleTokens.apns, holder: "d1", bundleID: "com.example.app"))
        let unknown = await book.target(token: String(repeating: "cd", count: 32), tenantBundleID: nil)
        XCTAssertNil(unknown)
        let held = await book.targets(holder: "d1", tenantBundleID: "com.example.tenant")
        XCTAssertEqual(held.map(\.bundleID), ["com.example.app", "com.example.tenant"], "in registration order")
    }

    func testRulesLowerCaseAPNsTokensSoBothCasesAreOneRegistration() async throws {
        let registry = try TestTenant.fresh().devices
        for token in [SampleTokens.apns.uppercased(), SampleTokens.apns] {
            let registration = try DeviceRegistration(body: ["token": .string(token), "platform": .string("ios")], driverID: "d1")
            XCTAssertEqual(registration.token, SampleTokens.apns)
            try await registry.register(registration)
        }
        let stored = await registry.registrations(of: "d1")
        XCTAssertEqual(stored.count, 1)
    }

    func testRulesKeepFCMTokensAndReadBundleID() throws {
        let token = "AbC:def_GHI-" + String(repeating: "Q", count: 10)
        let registration = try DeviceRegistration(
            body: ["token": .string(token), "platform": .string("android"), "bundle_id": .string("com.example.app")], driverID: "d9"
        )
        XCTAssertEqual(registration, DeviceRegistration(driverID: "d9", platform: .android, token: token, bundleID: "com.example.app"))
    }

    func testATokenAloneIsRegisteredOnThePlatformItsFormatNames() throws {
        let upper = SampleTokens.apns.uppercased()
        XCTAssertEqual(
            try DeviceRegistration(body: ["token": .string(upper)], driverID: "d1"),
            DeviceRegistration(driverID: "d1", platform: .ios, token: SampleTokens.apns, bundleID: nil),
            "the reference app's %02X token: iOS, stored lower case"
        )
        XCTAssertEqual(
            try DeviceRegistration(body: ["token": .string(SampleTokens.fcm)], driverID: "d1"),
            DeviceRegistration(driverID: "d1", platform: .android, token: SampleTokens.fcm, bundleID: nil)
        )
        let oddHex = String(SampleTokens.apns.dropLast())
        XCTAssertEqual(try DeviceRegistration(body: ["token": .string(oddHex)], driverID: "d1").platform, .android,
                       "odd-length hex is no APNs token, but a valid FCM one")
        XCTAssertThrowsError(try DeviceRegistration(body: ["token": .string("ab")], driverID: "d1")) { error in
            XCTAssertEqual(error as? APIError, .badRequest("Enter a valid FCM token.", field: "token"))
        }
    }

    func testRulesReportFieldErrors() {
        func error(_ body: [String: JSONValue], driverID: String = "d1") -> APIError? {
            do {
                _ = try DeviceRegistration(body: body, driverID: driverID)
                return nil
            } catch {
                return error
            }
        }
        let ios: [String: JSONValue] = ["token": .string(SampleTokens.apns), "platform": .string("ios")]
        XCTAssertNil(error(ios))
        XCTAssertEqual(error(["platform": .string("ios")]), .badRequest("This field is required.", field: "token"))
        XCTAssertEqual(error(["token": .null]), .badRequest("This field is required.", field: "token"))
        XCTAssertEqual(error(["token": .string("")]), .badRequest("This field may not be blank.", field: "token"))
        XCTAssertEqual(error(["token": .integer(5)]), .badRequest("Not a valid string.", field: "token"))
        XCTAssertEqual(
            error(["token": .string(SampleTokens.apns), "platform": .null]), .badRequest("This field is required.", field: "platform"),
            "a platform sent as null is refused, not inferred"
        )
        XCTAssertEqual(error(ios.merging(["bundle_id": .bool(true)]) { $1 }), .badRequest("Not a valid string.", field: "bundle_id"))
        XCTAssertNil(error(ios.merging(["bundle_id": .null]) { $1 }))
        XCTAssertEqual(error(["token": .string("ab"), "platform": .string("ios")]), .badRequest("Enter a valid APNs token.", field: "token"))
        XCTAssertEqual(error(["token": .string("ab"), "platform": .string("android")]), .badRequest("Enter a valid FCM token.", field: "token"))
        XCTAssertEqual(error(["token": .string("ab"), "platform": .string("web")]), .badRequest("\"web\" is not a valid choice.", field: "platform"))
        XCTAssertEqual(
            error(ios.merging(["bundle_id": .string("a b")]) { $1 }), .badRequest("Enter a valid bundle id.", field: "bundle_id")
        )
        XCTAssertEqual(
            error(ios, driverID: String(repeating: "x", count: 257)),
            .badRequest("Ensure this field has no more than 256 characters.", field: "driver_id")
        )
        XCTAssertNil(error(ios, driverID: String(repeating: "x", count: 256)))
    }
}
