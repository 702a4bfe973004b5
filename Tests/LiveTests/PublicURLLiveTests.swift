import Foundation
import XCTest

/// Absolute URLs (ad-unit logo and click URLs, a pass's `webServiceURL`) follow the address the
/// request was sent to when `--public-url` is not set, so a phone or an emulator gets URLs it can
/// reach, and never `0.0.0.0`.
final class PublicURLLiveTests: XCTestCase {
    private let auth = ["Authorization": "APIKEY mock-api-key", "Content-Type": "application/json"]

    /// The ad unit's click URL for `headers`, on a driver that just qualified.
    private func clickURL(_ server: LiveServer, address: String? = nil, headers: [String: String] = [:]) async throws -> String {
        let base = address ?? server.baseURL.absoluteString
        let reply = try await server.request("GET", base + "/iql/v2/ad_unit/d1", headers: auth.merging(headers) { $1 })
        XCTAssertEqual(reply.status, 200, String(decoding: reply.body, as: UTF8.self))
        let adUnit = try XCTUnwrap(try reply.json()["ad_unit"] as? [String: Any])
        let logo = try XCTUnwrap(adUnit["logo_url"] as? String)
        let click = try XCTUnwrap(adUnit["button_click_url"] as? String)
        XCTAssertEqual(logo.prefix { $0 != "i" }, click.prefix { $0 != "i" }, "logo and click URLs share their base")
        return click
    }

    private func qualify(_ server: LiveServer) async throws {
        _ = try await server.request("POST", "/_mock/clock", headers: auth, body: #"{"now":"2024-06-10T12:00:00Z"}"#)
        _ = try await server.request("PUT", "/iql/v1/driver/d1/info", headers: auth,
                                     body: #"{"country":"USA","state":"AZ","zipcode":"85004","insurer":"Progressive"}"#)
        for date in ["2024-06-07", "2024-06-08", "2024-06-09"] {
            _ = try await server.request("POST", "/iql/v1/testing/driver/d1/mock_trips", headers: auth,
                                         body: #"{"date":"\#(date)","count":2,"distance_miles_each":3}"#)
        }
    }

    func testURLsFollowTheRequestAndNeverName0000() async throws {
        let server = try LiveServer(arguments: ["--port", "0", "--host", "0.0.0.0"])
        let port = try XCTUnwrap(server.baseURL.port)
        XCTAssertTrue(server.readyLine.contains("listening on http://127.0.0.1:\(port) "), server.readyLine)
        try await qualify(server)

        let path = "/iql/v3/ad_unit/ad_default_001/driver_id/d1/click"
        let viaLoopback = try await clickURL(server)
        XCTAssertTrue(viaLoopback.hasPrefix("http://127.0.0.1:\(port)\(path)"), viaLoopback)
        let viaLocalhost = try await clickURL(server, address: "http://localhost:\(port)")
        XCTAssertTrue(viaLocalhost.hasPrefix("http://localhost:\(port)\(path)"), viaLocalhost)
        let forwarded = try await clickURL(server, headers: ["X-Forwarded-Proto": "https", "X-Forwarded-Host": "mock.example.test"])
        XCTAssertTrue(forwarded.hasPrefix("https://mock.example.test\(path)"), forwarded)
        let standard = try await clickURL(server, headers: ["Forwarded": #"for=10.0.2.15;proto=http;host="10.0.2.2:\#(port)""#])
        XCTAssertTrue(standard.hasPrefix("http://10.0.2.2:\(port)\(path)"), "the Android emulator's address: \(standard)")
        let anyInterface = try await clickURL(server, headers: ["X-Forwarded-Host": "0.0.0.0:\(port)"])
        XCTAssertTrue(anyInterface.hasPrefix("http://127.0.0.1:\(port)\(path)"), anyInterface)
        XCTAssertEqual(try server.stop(), 0)
    }

    func testAPublicURLWinsOverTheRequest() async throws {
        let server = try LiveServer(arguments: ["--port", "0", "--public-url", "https://mock.team.example/"])
        try await qualify(server)
        let click = try await clickURL(server, headers: ["X-Forwarded-Host": "elsewhere.example"])
        XCTAssertTrue(click.hasPrefix("https://mock.team.example/iql/v3/ad_unit/"), click)
        XCTAssertEqual(try server.stop(), 0)
    }
}
