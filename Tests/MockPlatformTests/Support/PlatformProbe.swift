import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
@testable import MockPlatform
import XCTest

/// An in-process server built like `TestPlatform`'s, that also hands the test its tenant
/// registry (to look at state no endpoint exposes, such as device tokens) and its route catalog.
struct PlatformProbe {
    let platform: TestPlatform
    let tenants: TenantRegistry
    let routes: RouteCatalog
    /// Which module owns which path.
    var modules: ModuleDirectory { responder.modules }
    let responder: PlatformResponder

    static func run(
        fixtures: Fixtures = TestFixtures.shared,
        options: ServerOptions = ServerOptions(),
        wallClock: @escaping @Sendable () -> Date = { Date() },
        _ test: @escaping @Sendable (PlatformProbe) async throws -> Void
    ) async throws {
        let (responder, routes) = try MockPlatformServer.makeResponder(
            options: options,
            fixtures: fixtures,
            specs: try SpecCatalog.bundled(),
            wallClock: wallClock
        )
        let tenants = responder.tenants
        let app = Application(responder: responder, logger: Logger(label: "test"))
        try await app.test(.router) { client in
            try await test(PlatformProbe(platform: TestPlatform(client: client), tenants: tenants, routes: routes, responder: responder))
        }
    }

    /// The device tokens a tenant holds for a driver.
    func registrations(of driverID: String, tenant: String = "default") async throws -> [DeviceRegistration] {
        let name = try XCTUnwrap(tenant == "default" ? TenantName.default : TenantName(tenant))
        return try await tenants.tenant(name).devices.registrations(of: driverID)
    }
}

extension TestPlatform.Reply {
    /// The body as any JSON value (object, array, fragment).
    func anyJSON() throws -> Any {
        try JSONSerialization.jsonObject(with: body, options: [.fragmentsAllowed])
    }

    /// Asserts the body is exactly this JSON value (compared as canonical JSON text, so `true`
    /// and `1` differ).
    func assertJSON(_ expected: Any, file: StaticString = #filePath, line: UInt = #line) {
        guard let actual = try? anyJSON() else {
            return XCTFail("not JSON: \(text)", file: file, line: line)
        }
        XCTAssertEqual(canonicalJSON(actual), canonicalJSON(expected), file: file, line: line)
    }

    /// Asserts an RFC 9457 problem with this status and detail.
    func assertProblem(
        _ status: HTTPResponse.Status, _ detail: String, file: StaticString = #filePath, line: UInt = #line
    ) {
        XCTAssertEqual(self.status, status, text, file: file, line: line)
        XCTAssertEqual(headers[.contentType], "application/problem+json", file: file, line: line)
        let titles = [400: "Bad Request", 403: "Forbidden", 404: "Not Found", 405: "Method Not Allowed", 413: "Payload Too Large", 415: "Unsupported Media Type", 429: "Too Many Requests", 401: "Unauthorized"]
        assertJSON(
            ["type": "about:blank", "title": titles[status.code] ?? "?", "status": status.code, "detail": detail],
            file: file, line: line
        )
    }

    /// Asserts a publisher (DRF) error with this status and body.
    func assertDRF(
        _ status: HTTPResponse.Status, _ expected: [String: Any], file: StaticString = #filePath, line: UInt = #line
    ) {
        XCTAssertEqual(self.status, status, text, file: file, line: line)
        XCTAssertEqual(headers[.contentType]?.hasPrefix("application/json"), true, "\(headers)", file: file, line: line)
        assertJSON(expected, file: file, line: line)
    }
}

/// JSON text with sorted keys, for comparing values; a marker when the value is no JSON.
func canonicalJSON(_ value: Any) -> String {
    guard let data = try? JSONSerialization.data(withJSONObject: value, options: [.sortedKeys, .fragmentsAllowed]) else {
        return "<not JSON: \(value)>"
    }
    return String(decoding: data, as: UTF8.self)
}
