import Foundation
import XCTest

/// A browser on the server's root: page loads of `/` and `/_mock/` are sent to the dashboard,
/// the browser's own `/favicon.ico` is no API call, and API clients get what they always got.
final class BrowserLiveTests: XCTestCase {
    private static let browser = ["Accept": "text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,*/*;q=0.8"]

    func testAPageLoadIsRedirectedToTheDashboardAndAPIClientsAreNot() async throws {
        let server = try LiveServer()
        for (path, location) in [("/", "/_mock/ui"), ("/_mock/", "/_mock/ui"), ("/t/team-a/", "/t/team-a/_mock/ui"),
                                 ("/t/team-a/_mock/", "/t/team-a/_mock/ui")] {
            let reply = try await server.request("GET", path, headers: Self.browser)
            XCTAssertEqual(reply.status, 302, path)
            XCTAssertEqual(reply.header("Location"), location, path)
        }
        let dashboard = try await server.request("GET", "/_mock/ui", headers: Self.browser)
        XCTAssertEqual(dashboard.status, 200)

        let icon = try await server.request("GET", "/favicon.ico", headers: Self.browser)
        XCTAssertEqual(icon.status, 204)
        let journal = try await server.request("GET", "/_mock/requests/count").json()
        XCTAssertEqual(journal["count"] as? Int, 0, "neither the icon nor the redirects are API calls")

        let api = try await server.request("GET", "/", headers: ["Accept": "application/json"])
        XCTAssertEqual(api.status, 401)
        XCTAssertEqual(try api.json()["error"] as? String, "missing api key", "an API client gets what it got before")
        let control = try await server.request("GET", "/_mock/", headers: ["Accept": "*/*"])
        XCTAssertEqual(control.status, 404)
        XCTAssertEqual(control.header("Content-Type"), "application/problem+json")

        XCTAssertEqual(try server.stop(), 0)
    }
}
