import Foundation
import HTTPTypes
@testable import MockPlatform
@testable import MockPlatformKit
@testable import MockPlatformRuntime
import XCTest

/// The control plane's cross-origin guard (`CrossOriginGuard`): writes from another origin are
/// refused with 403 and counted; reads, the server's own origin and requests without one pass.
final class CrossOriginGuardTests: XCTestCase {
    func testCrossOriginWritesAreRefusedAndSameOriginOnesPass() async throws {
        try await TestPlatform.run { platform in
            try await platform.send(.post, "/_mock/reset", headers: [.origin: "https://evil.example"])
                .assertProblem(.forbidden, "cross-origin request refused")
            try await platform.send(.post, "/_mock/faults", json: ["status": 503], headers: [.origin: "null"])
                .assertProblem(.forbidden, "cross-origin request refused")
            let faults = try await platform.send(.get, "/_mock/faults", headers: [.origin: "http://localhost"])
            XCTAssertEqual(faults.status, .ok, "reads are not refused")
            XCTAssertEqual((try faults.json()["faults"] as? [Any])?.count, 0, "nothing stored")
            try await platform.send(.get, "/_mock/faults", headers: [.origin: "https://evil.example"])
                .assertProblem(.forbidden, "unknown host")
            let withoutOrigin = try await platform.send(.post, "/_mock/reset")
            XCTAssertEqual(withoutOrigin.status, .ok)
            let counted = Int(try await LimitMetrics.rejections("cross_origin", platform))
            XCTAssertEqual(counted, 3, "two cross-origin writes and a read from an unknown host")
        }
    }

    func testTheServersOwnOriginPasses() async throws {
        var options = ServerOptions()
        options.publicURL = "https://mock.example.com"
        try await TestPlatform.run(options: options) { platform in
            let own = try await platform.send(.post, "/_mock/reset", headers: [.origin: "https://mock.example.com"])
            XCTAssertEqual(own.status, .ok, own.text)
            let ownPort = try await platform.send(.post, "/_mock/reset", headers: [.origin: "https://mock.example.com:443"])
            XCTAssertEqual(ownPort.status, .ok, ownPort.text)
            try await platform.send(.post, "/_mock/reset", headers: [.origin: "https://mock.example.com.evil.example"])
                .assertProblem(.forbidden, "cross-origin request refused")
        }
    }

    func testCrossOriginGuardComparesSchemeHostAndPort() {
        XCTAssertEqual(CrossOriginGuard.normalized("HTTP://Example.com:80"), "http://example.com")
        XCTAssertEqual(CrossOriginGuard.normalized("https://example.com:8443/x"), "https://example.com:8443")
        XCTAssertNil(CrossOriginGuard.normalized("null"))
        XCTAssertNil(CrossOriginGuard.normalized("ftp://example.com"))
    }
}

/// The control plane's browser host check (`BrowserHostGuard`, docs/operating.md "Sharing one instance"): a
/// page on an attacker's name that resolves to the mock (DNS rebinding) shares its origin, so
/// `Host` itself must be a name the mock trusts.
final class BrowserHostGuardTests: XCTestCase {
    private static let fetchSite = HTTPField.Name("Sec-Fetch-Site")!

    private func check(
        _ guardrail: ControlRequestGuard, _ method: HTTPRequest.Method, host: String, _ fields: HTTPFields
    ) -> String? {
        let request = HTTPRequest(method: method, scheme: "http", authority: host, path: "/_mock/reset", headerFields: fields)
        do {
            try guardrail.check(request, path: "/_mock/reset", settings: TenantSettings())
            return nil
        } catch {
            return "\(error.status.code) \(error.message)"
        }
    }

    private func guardrail(publicURL: String? = nil, allowed: [String] = []) -> ControlRequestGuard {
        ControlRequestGuard(
            host: BrowserHostGuard(trusted: TrustedHosts(publicURL: publicURL, allowed: allowed, own: ["10.1.2.3"])),
            origin: CrossOriginGuard(publicURL: PublicBaseURL(configured: publicURL, listener: "http://127.0.0.1:8080/")),
            adminToken: nil
        )
    }

    /// The rebinding attack: `Origin` and `Host` both the attacker's name, so the cross-origin
    /// check alone passes it.
    func testABrowserRequestNamingAnUnknownHostIsRefused() {
        let guardrail = guardrail()
        XCTAssertEqual(check(guardrail, .post, host: "evil.example", [.origin: "http://evil.example"]), "403 unknown host")
        XCTAssertEqual(check(guardrail, .get, host: "evil.example:8080", [Self.fetchSite: "same-origin"]), "403 unknown host")
        XCTAssertEqual(check(guardrail, .get, host: "localhost", [.origin: "http://evil.example"]), "403 unknown host", "a read too")
        XCTAssertNil(check(guardrail, .post, host: "localhost:8080", [.origin: "http://localhost:8080"]))
        XCTAssertNil(check(guardrail, .post, host: "127.0.0.1:8080", [.origin: "http://127.0.0.1:8080"]))
        XCTAssertNil(check(guardrail, .post, host: "10.1.2.3:8080", [.origin: "http://10.1.2.3:8080"]), "the machine's own address")
        XCTAssertNil(check(guardrail, .post, host: "mock-platform:8080", [:]), "no Origin, no Sec-Fetch-Site: not a browser, not checked")
    }

    func testAllowedHostsAndThePublicURLHostAreTrusted() {
        let guardrail = guardrail(publicURL: "https://mock.example.com", allowed: ["mock.team.lan"])
        XCTAssertNil(check(guardrail, .get, host: "mock.team.lan:8080", [.origin: "http://mock.team.lan:8080"]))
        XCTAssertNil(check(guardrail, .post, host: "mock.example.com", [.origin: "https://mock.example.com"]))
        XCTAssertEqual(check(guardrail, .get, host: "other.lan", [.origin: "http://other.lan"]), "403 unknown host")
    }

    func testTrustedHostsReadPortsBracketsAndLoopbackNetworks() {
        let trusted = TrustedHosts(publicURL: nil, allowed: ["Mock.Lan."], own: ["10.1.2.3", "fe80::1"])
        XCTAssertTrue(trusted.trusts(authority: "[::1]:8080"))
        XCTAssertTrue(trusted.trusts(authority: "127.8.9.10"))
        XCTAssertTrue(trusted.trusts(authority: "app.localhost:3000"))
        XCTAssertTrue(trusted.trusts(authority: "mock.lan:80"))
        XCTAssertTrue(trusted.trusts(authority: "10.1.2.3:8080"))
        XCTAssertTrue(trusted.trusts(authority: "[FE80:0::1]:8080"))
        XCTAssertTrue(trusted.trusts(origin: "http://MOCK.LAN:8080"))
        XCTAssertFalse(trusted.trusts(authority: "127.0.0.1.evil.example"))
        XCTAssertFalse(trusted.trusts(authority: "localhost.evil.example"))
        XCTAssertFalse(trusted.trusts(origin: "null"))
    }

    /// A page can post a body without Content-Type without asking first: with Origin, that is
    /// 415 on every API; without Origin (test code) an unlabelled body is still read as JSON.
    /// The dashboard cannot be framed.
    func testABrowserBodyWithoutContentTypeIs415AndTheDashboardCannotBeFramed() async throws {
        try await TestPlatform.run { platform in
            let browser = try await platform.send(.post, "/_mock/clock", body: #"{"advance_seconds":60}"#, headers: [.origin: "http://localhost"])
            XCTAssertEqual(browser.status, .unsupportedMediaType, browser.text)
            let iql = try await platform.send(
                .put, "/iql/v1/driver/d1/info", body: #"{"country":"USA","state":"AZ","zipcode":"85004"}"#,
                headers: [.authorization: "APIKEY \(TestPlatform.apiKey)", .origin: "http://localhost"]
            )
            XCTAssertEqual(iql.status, .unsupportedMediaType, iql.text)
            let stored = try await platform.iql(.get, "/iql/v1/driver/d1/info")
            XCTAssertEqual(stored.status, .notFound, "nothing stored: \(stored.text)")
            let sdk = try await platform.send(.post, "/_mock/clock", body: #"{"advance_seconds":60}"#)
            XCTAssertEqual(sdk.status, .ok, sdk.text)
            let page = try await platform.send(.get, "/_mock/ui")
            XCTAssertEqual(page.headers[HTTPField.Name("X-Frame-Options")!], "DENY")
            let policy = try XCTUnwrap(page.headers[HTTPField.Name("Content-Security-Policy")!])
            XCTAssertTrue(policy.contains("frame-ancestors 'none'") && policy.contains("script-src 'self'"), policy)
        }
    }
}
