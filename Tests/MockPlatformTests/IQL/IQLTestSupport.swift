import Foundation
import HTTPTypes
@testable import MockPlatform
@testable import MockPlatformRuntime
@testable import MockWebhooks
import XCTest

/// Helpers shared by the IQL tests.
extension TestPlatform {
    /// The shared fixtures with the tenant settings changed by `change`.
    static func fixtures(_ change: (inout TenantSettings) -> Void) -> Fixtures {
        var fixtures = TestFixtures.shared
        change(&fixtures.settings)
        return fixtures
    }

    /// Freezes the tenant clock at an RFC 3339 instant through the control API.
    func freezeClock(at now: String, tenantPrefix: String = "", file: StaticString = #filePath, line: UInt = #line) async throws {
        let reply = try await send(.post, "\(tenantPrefix)/_mock/clock", json: ["now": now])
        XCTAssertEqual(reply.status, .ok, "clock: \(reply.text)", file: file, line: line)
    }

    /// An IQL request with an explicit `Authorization` value (nil: no header) and extra headers.
    @discardableResult
    func iql(
        _ method: HTTPRequest.Method,
        _ path: String,
        authorization: String?,
        json: Any? = nil,
        body: String? = nil,
        headers: HTTPFields = [:]
    ) async throws -> Reply {
        var headers = headers
        if let authorization { headers[.authorization] = authorization }
        return try await send(method, path, json: json, body: body, headers: headers)
    }

    /// An authorised IQL request with a raw body and the given headers (no implied Content-Type).
    @discardableResult
    func iqlRaw(_ method: HTTPRequest.Method, _ path: String, body: String?, headers: HTTPFields = [:]) async throws -> Reply {
        try await iql(method, path, authorization: "APIKEY \(Self.apiKey)", body: body, headers: headers)
    }
}

/// Asserts an IQL error response: status, `application/json; charset=utf-8`, and exactly
/// `{"success": "false", "error": message}`.
func assertIQLError(
    _ reply: TestPlatform.Reply,
    _ status: HTTPResponse.Status,
    _ message: String,
    file: StaticString = #filePath,
    line: UInt = #line
) {
    XCTAssertEqual(reply.status, status, reply.text, file: file, line: line)
    XCTAssertEqual(reply.headers[.contentType], "application/json; charset=utf-8", file: file, line: line)
    guard let body = try? JSONSerialization.jsonObject(with: reply.body) as? [String: Any] else {
        return XCTFail("not a JSON object: \(reply.text)", file: file, line: line)
    }
    XCTAssertEqual(body["success"] as? String, "false", reply.text, file: file, line: line)
    XCTAssertEqual(body["error"] as? String, message, file: file, line: line)
    XCTAssertEqual(Set(body.keys), ["success", "error"], reply.text, file: file, line: line)
}

/// Asserts a 405 whose `Allow` header lists exactly `allowed` and whose body has the IQL error shape.
func assertMethodNotAllowed(
    _ reply: TestPlatform.Reply,
    allow allowed: Set<String>,
    file: StaticString = #filePath,
    line: UInt = #line
) {
    XCTAssertEqual(reply.status, .methodNotAllowed, reply.text, file: file, line: line)
    let allow = reply.headers[.allow] ?? ""
    let methods = Set(allow.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) })
    XCTAssertEqual(methods, allowed, "Allow: \(allow)", file: file, line: line)
    XCTAssertEqual(reply.headers[.contentType], "application/json; charset=utf-8", file: file, line: line)
    let body = try? JSONSerialization.jsonObject(with: reply.body) as? [String: Any]
    XCTAssertEqual(body?["success"] as? String, "false", reply.text, file: file, line: line)
    XCTAssertNotNil(body?["error"] as? String, reply.text, file: file, line: line)
}
