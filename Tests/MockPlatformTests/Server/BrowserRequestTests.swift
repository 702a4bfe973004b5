@testable import MockPlatform
@testable import MockPlatformKit
import XCTest

/// Which `Accept` headers count as a page load.
final class BrowserRequestTests: XCTestCase {
    func testAPageLoadPrefersHTMLAndAnAPIClientDoesNot() {
        XCTAssertTrue(BrowserRequest.prefersHTML("text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8"), "Chromium, Firefox")
        XCTAssertTrue(BrowserRequest.prefersHTML("text/html"))
        XCTAssertFalse(BrowserRequest.prefersHTML(nil))
        XCTAssertFalse(BrowserRequest.prefersHTML("*/*"), "curl")
        XCTAssertFalse(BrowserRequest.prefersHTML("application/json"))
        XCTAssertFalse(BrowserRequest.prefersHTML("application/json, text/html;q=0.5"))
        XCTAssertFalse(BrowserRequest.prefersHTML("text/html;q=0"))
    }
}
