import Foundation
import HTTPTypes
@testable import MockPlatform
import XCTest

/// The offline labs' pages and images (`openapi/control.yaml` getLabPage, getLabImage): what the
/// default fixtures' links open, with no internet, the admin token or an API key.
final class LabPageTests: XCTestCase {
    func testTheFixturesLinksOpenTheMocksOwnPages() async throws {
        var options = ServerOptions()
        options.adminToken = "secret-admin"
        try await TestPlatform.run(options: options) { platform in
            for page in ["landing", "privacy", "terms"] {
                let reply = try await platform.send(.get, "/t/lab-1/_mock/pages/\(page)")
                XCTAssertEqual(reply.status, .ok, "\(page): \(reply.text)")
                XCTAssertEqual(reply.headers[.contentType], "text/html")
                XCTAssertTrue(reply.text.hasPrefix("<!doctype html>"), reply.text)
            }
            let landing = try await platform.send(.get, "/_mock/pages/landing?offer=ad_default_001&lead=%3Cb%3Elead%3C%2Fb%3E")
            XCTAssertTrue(landing.text.contains("<dd>ad_default_001</dd>"), landing.text)
            XCTAssertTrue(landing.text.contains("<dd>&lt;b&gt;lead&lt;/b&gt;</dd>"), "what a link carries is shown as text: \(landing.text)")
            let long = String(repeating: "x", count: 257)
            try await platform.send(.get, "/_mock/pages/landing?offer=\(long)")
                .assertProblem(.badRequest, "query parameter offer must be at most 256 characters, got 257")
            let unknown = try await platform.send(.get, "/_mock/pages/cookies")
            XCTAssertEqual(unknown.status, .badRequest)

            let image = try await platform.send(.get, "/_mock/images/hero.png")
            XCTAssertEqual(image.status, .ok)
            XCTAssertEqual(image.headers[.contentType], "image/png")
            XCTAssertEqual(Array(image.body.prefix(8)), [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
            let again = try await platform.send(.get, "/_mock/images/hero.png")
            let other = try await platform.send(.get, "/_mock/images/banner.png")
            XCTAssertEqual(again.body, image.body, "the same name, the same image")
            XCTAssertNotEqual(other.body, image.body, "another name, another colour")

            let guarded = try await platform.send(.get, "/_mock/config")
            XCTAssertEqual(guarded.status, .unauthorized, "the admin token still guards the rest")
        }
    }
}
