import HTTPTypes
@testable import MockPlatform
@testable import MockPlatformKit
import XCTest

/// The base URL a request names (`Forwarded`, `X-Forwarded-*`, `Host`), for absolute URLs.
final class RequestBaseURLTests: XCTestCase {
    private func base(_ fields: [String: String], host: String? = "127.0.0.1:8080") -> String? {
        var headers = HTTPFields()
        for (name, value) in fields { headers[HTTPField.Name(name)!] = value }
        return RequestBaseURL.of(headers, authority: host)
    }

    func testForwardedThenXForwardedThenHost() {
        XCTAssertEqual(base([:]), "http://127.0.0.1:8080")
        XCTAssertEqual(base([:], host: "192.168.1.20:8080"), "http://192.168.1.20:8080", "a phone on the LAN")
        XCTAssertEqual(base(["X-Forwarded-Host": "mock.example.test, proxy.internal", "X-Forwarded-Proto": "https"]),
                       "https://mock.example.test", "the first of each list")
        XCTAssertEqual(base(["X-Forwarded-Proto": "https"]), "https://127.0.0.1:8080")
        XCTAssertEqual(base(["Forwarded": #"for=1.2.3.4;proto=https;host="a.example:8443", for=5.6.7.8;host=b.example"#,
                             "X-Forwarded-Host": "ignored.example"]), "https://a.example:8443")
        XCTAssertEqual(base([:], host: "[::1]:8080"), "http://[::1]:8080")
    }

    func testNeverAnyInterfaceAndNothingMalformed() {
        XCTAssertEqual(base([:], host: "0.0.0.0:8080"), "http://127.0.0.1:8080")
        XCTAssertNil(base([:], host: nil), "no host: the caller falls back to the listener")
        XCTAssertNil(base([:], host: "evil.example/path?x"))
        XCTAssertNil(base([:], host: "a.example:99999"))
        XCTAssertNil(base(["X-Forwarded-Proto": "javascript"]))
        XCTAssertNil(base(["X-Forwarded-Host": "a b"]))
        XCTAssertNil(base([:], host: String(repeating: "a", count: 300)))
    }
}
