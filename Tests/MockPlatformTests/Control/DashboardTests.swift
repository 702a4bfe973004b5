import Foundation
import HTTPTypes
@testable import MockPlatform
import XCTest

/// The dashboard's files and the drivers list it reads (`openapi/control.yaml` tag dashboard,
/// listIQLDrivers); `tests-python/dashboard` drives the page itself in a browser.
final class DashboardTests: XCTestCase {
    func testThePageAndItsTwoFilesAreServedWithTheirTypes() async throws {
        try await TestPlatform.run { platform in
            let page = try await platform.send(.get, "/_mock/ui")
            XCTAssertEqual(page.status, .ok)
            XCTAssertEqual(page.headers[.contentType], "text/html")
            XCTAssertTrue(page.text.contains(#"<script src="/_mock/ui/app.js"></script>"#))
            XCTAssertFalse(page.text.contains("http://") || page.text.contains("https://"), "nothing from elsewhere")
            let styles = try await platform.send(.get, "/_mock/ui/app.css")
            XCTAssertEqual(styles.headers[.contentType], "text/css")
            let script = try await platform.send(.get, "/_mock/ui/app.js")
            XCTAssertEqual(script.headers[.contentType], "text/javascript")
            XCTAssertFalse(script.text.contains("innerHTML"), "server data only ever goes in as text")
            let unknown = try await platform.send(.get, "/_mock/ui/other.js")
            XCTAssertEqual(unknown.status, .notFound)
            XCTAssertEqual(unknown.headers[.contentType], "application/problem+json")
        }
    }

    func testEveryElementTheScriptLooksUpIsOnThePage() async throws {
        try await TestPlatform.run { platform in
            let page = try await platform.send(.get, "/_mock/ui").text
            let script = try await platform.send(.get, "/_mock/ui/app.js").text
            // $("id"), fill("id", …), typedObject("id", …) and the panels' own message lines (last argument).
            let lookups = try Regex(#"(?:\$\(|fill\(|typedObject\()"([a-z-]+)"|"([a-z]+-message)"\)"#)
            let ids = Set(script.matches(of: lookups).compactMap { match in
                (match.output[1].substring ?? match.output[2].substring).map(String.init)
            })
            let newPanels = [
                "member", "rewards", "activities", "wallet-pass", "member-message", "campaigns", "campaign-template",
                "campaign-payload", "send-target", "campaign-message", "events", "event-type", "tenants", "config",
                "config-patch", "config-message",
            ]
            for id in newPanels {
                XCTAssertTrue(ids.contains(id), "the script uses #\(id)")
            }
            for id in ids.sorted() {
                XCTAssertTrue(page.contains(#"id="\#(id)""#), "the page has the element #\(id) the script uses")
            }
        }
    }

    func testWithAnAdminTokenThePageIsOpenButItsDataIsNot() async throws {
        var options = ServerOptions()
        options.adminToken = "s3cret"
        try await TestPlatform.run(options: options) { platform in
            for path in ["/_mock/ui", "/_mock/ui/app.css", "/_mock/ui/app.js", "/_mock/metrics"] {
                let status = try await platform.send(.get, path).status
                XCTAssertEqual(status, .ok, path)
            }
            for path in ["/_mock/scenarios", "/_mock/iql/drivers", "/_mock/tenants"] {
                let status = try await platform.send(.get, path).status
                XCTAssertEqual(status, .unauthorized, path)
            }
        }
    }

    func testTheDriversListIsInIDOrderWithTheirOffers() async throws {
        try await TestPlatform.run { platform in
            let empty = try await platform.send(.get, "/_mock/iql/drivers").json()
            XCTAssertEqual(empty["total"] as? Int, 0)
            try await platform.send(.post, "/_mock/scenarios/qualified-driver/apply")
            try await platform.createDriver("b-driver")
            try await platform.createDriver("a-driver", state: "CA", zipcode: "94103")
            let list = try await platform.send(.get, "/_mock/iql/drivers").json()
            let drivers = list["drivers"] as? [[String: Any]] ?? []
            XCTAssertEqual(drivers.compactMap { $0["driver_id"] as? String }, ["a-driver", "b-driver", "driver-qualified"])
            XCTAssertEqual(drivers.first?["state"] as? String, "CA")
            let offers = drivers.last?["offers"] as? [[String: Any]]
            XCTAssertEqual(offers?.first?["offer_id"] as? String, "ad_default_001")
            XCTAssertEqual(drivers.last?["trips"] as? Int, 6)
            let limited = try await platform.send(.get, "/_mock/iql/drivers?limit=1").json()
            XCTAssertEqual((limited["drivers"] as? [Any])?.count, 1)
            XCTAssertEqual(limited["total"] as? Int, 3)
            try await platform.send(.get, "/_mock/iql/drivers?limit=0").assertProblem(.badRequest, "limit must be between 1 and 1000")
        }
    }
}
