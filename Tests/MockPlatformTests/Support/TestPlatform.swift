import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
@testable import MockPlatform
@testable import MockPlatformKit
@testable import MockPlatformRuntime
@testable import MockPublisher
@testable import MockWebhooks
import NIOCore
import XCTest

/// One in-process server per test: a fresh set of tenants behind the real front door (the
/// application `serve` runs, metered), with its tenant registry, responder and routes at hand
/// for looking at what no endpoint exposes. `TestTenant` is the same tenants without a server.
struct TestPlatform {
    /// A response as a test sees it.
    struct Reply {
        let status: HTTPResponse.Status
        let headers: HTTPFields
        let body: Data

        /// The body as a JSON object; fails the test when it is not one.
        func json(file: StaticString = #filePath, line: UInt = #line) throws -> [String: Any] {
            let object = try JSONSerialization.jsonObject(with: body, options: [.fragmentsAllowed])
            return try XCTUnwrap(object as? [String: Any], "not a JSON object: \(text)", file: file, line: line)
        }

        /// The `error` of an IQL error body.
        var iqlError: String? { (try? json())?["error"] as? String }

        var text: String { String(decoding: body, as: UTF8.self) }
    }

    static let apiKey = "mock-api-key"

    let client: any TestClientProtocol
    /// The server's tenants, for seeding or reading state the API does not expose.
    let tenants: TenantRegistry
    let responder: PlatformResponder
    let routes: RouteCatalog
    /// Which module owns which path.
    var modules: ModuleDirectory { responder.modules }

    /// Runs `test` against a new in-process server whose tenants start from `fixtures`, started
    /// with `options`, with the modules of `platforms` (the server's list unless a test adds
    /// one) and then `extra` (their documents in `documents`, by module name); its log shows warnings and worse (not a line
    /// per request).
    static func run(
        fixtures: Fixtures = TestFixtures.shared,
        options: ServerOptions = ServerOptions(),
        wallClock: @escaping @Sendable () -> Date = { Date() },
        platforms: [any Platform.Type] = MockPlatformServer.platforms,
        plugging extra: [any PlatformModule] = [],
        documents: [String: String] = [:],
        _ test: @escaping @Sendable (TestPlatform) async throws -> Void
    ) async throws {
        var logger = Logger(label: "test")
        logger.logLevel = .warning
        let publicURL = PublicBaseURL(configured: options.publicURL, listener: options.listenerURL)
        let (responder, routes) = try makeResponder(
            fixtures: fixtures, options: options, wallClock: wallClock, platforms: platforms, plugging: extra, documents: documents
        )
        let app = MockPlatformServer.makeApplication(responder: responder, options: options, publicURL: publicURL, logger: logger)
        try await app.test(.router) { client in
            try await test(TestPlatform(client: client, tenants: responder.tenants, responder: responder, routes: routes))
        }
    }

    /// The front door and routes `run` serves, built as `serve` builds them: the bundled modules
    /// and then `extra`, the bundled documents and then `documents` (by module name).
    static func makeResponder(
        fixtures: Fixtures = TestFixtures.shared,
        options: ServerOptions = ServerOptions(),
        wallClock: @escaping @Sendable () -> Date = { Date() },
        platforms: [any Platform.Type] = MockPlatformServer.platforms,
        plugging extra: [any PlatformModule] = [],
        documents: [String: String] = [:]
    ) throws -> (PlatformResponder, RouteCatalog) {
        let specs = SpecCatalog(documents: try SpecCatalog.bundled().documents.merging(documents) { bundled, _ in bundled })
        var options = options
        options.scenarios = options.scenarios ?? TestFixtures.scenarioFolder
        return try MockPlatformServer.makeResponder(
            options: options, fixtures: fixtures, specs: specs, wallClock: wallClock, platforms: platforms, plugging: extra
        )
    }

    /// Sends a request; `json` is serialised as the body with `Content-Type: application/json`.
    @discardableResult
    func send(
        _ method: HTTPRequest.Method,
        _ path: String,
        json: Any? = nil,
        body: String? = nil,
        headers: HTTPFields = [:]
    ) async throws -> Reply {
        var headers = headers
        var buffer: ByteBuffer?
        if let json {
            buffer = ByteBuffer(data: try JSONSerialization.data(withJSONObject: json, options: [.fragmentsAllowed]))
            if headers[.contentType] == nil { headers[.contentType] = "application/json" }
        } else if let body {
            buffer = ByteBuffer(string: body)
        }
        return try await client.execute(uri: path, method: method, headers: headers, body: buffer) { response in
            Reply(status: response.status, headers: response.headers, body: Data(buffer: response.body))
        }
    }

    /// An IQL request with `Authorization: APIKEY mock-api-key`.
    @discardableResult
    func iql(_ method: HTTPRequest.Method, _ path: String, json: Any? = nil, body: String? = nil) async throws -> Reply {
        try await send(method, path, json: json, body: body, headers: [.authorization: "APIKEY \(Self.apiKey)"])
    }

    /// Creates a driver through driverInfo PUT.
    func createDriver(_ id: String, state: String = "AZ", zipcode: String? = "85004", tenantPrefix: String = "") async throws {
        var body: [String: Any] = ["country": "USA", "state": state]
        if let zipcode { body["zipcode"] = zipcode }
        let reply = try await iql(.put, "\(tenantPrefix)/iql/v1/driver/\(id)/info", json: body)
        XCTAssertEqual(reply.status, .ok, reply.text)
    }

    /// The device tokens a tenant holds for a driver.
    func registrations(of driverID: String, tenant: String = "default") async throws -> [DeviceRegistration] {
        let name = try XCTUnwrap(tenant == "default" ? TenantName.default : TenantName(tenant))
        return try await tenants.tenant(name).devices.registrations(of: driverID)
    }
}
