import Foundation
import HTTPTypes
@testable import MockPlatform
@testable import MockPlatformKit
import XCTest

/// A 404 for a path no route has keeps its API's body and names the closest routes in
/// `Mock-Hint`; the journal keeps the same hint.
final class RouteHintTests: XCTestCase {
    private static let hint = HTTPField.Name("Mock-Hint")!

    func testA404NamesTheClosestRoutesAndKeepsItsBody() async throws {
        try await TestPlatform.run { platform in
            let typo = try await platform.iql(.get, "/iql/v1/driver/d1/statuss")
            XCTAssertEqual(typo.status, .notFound)
            XCTAssertEqual(typo.text, #"{"error":"unknown endpoint","success":"false"}"#, "the API's exact 404 body")
            XCTAssertEqual(typo.headers[Self.hint], "did you mean GET /iql/v1/driver/{driver_id}/status?")

            let missing = try await platform.iql(.get, "/iql/v1/driver/d1")
            XCTAssertTrue(missing.headers[Self.hint]?.hasPrefix("did you mean GET /iql/v1/driver/{driver_id}/") == true,
                          missing.headers[Self.hint] ?? "no hint")

            let control = try await platform.send(.post, "/_mock/clok", json: ["advance_seconds": 1])
            XCTAssertEqual(control.status, .notFound)
            XCTAssertEqual(control.headers[Self.hint], "did you mean POST /_mock/clock?", "the request's method when the route has it")

            let nothingClose = try await platform.iql(.get, "/completely/unrelated/thing/here/now")
            XCTAssertNil(nothingClose.headers[Self.hint])

            let journal = try await platform.send(.get, "/_mock/requests?status=404").json()["requests"] as? [[String: Any]]
            let hints = journal?.map { $0["hint"] is NSNull ? nil : $0["hint"] as? String }
            XCTAssertEqual(hints?.last, "did you mean GET /iql/v1/driver/{driver_id}/status?", "oldest last: the typo")
            XCTAssertEqual(hints?.first, .some(nil), "no hint: null")
        }
    }

    /// A mistyped path sent without the API key is refused 401, and still names the route meant;
    /// a known route's 401 names none.
    func testA401ForAPathNoRouteHasStillNamesTheClosestRoutes() async throws {
        try await TestPlatform.run { platform in
            let typo = try await platform.send(.get, "/iql/v1/driver/d1/statuss")
            XCTAssertEqual(typo.status, .unauthorized)
            XCTAssertEqual(typo.headers[Self.hint], "did you mean GET /iql/v1/driver/{driver_id}/status?")
            let known = try await platform.send(.get, "/iql/v1/driver/d1/status")
            XCTAssertEqual(known.status, .unauthorized)
            XCTAssertNil(known.headers[Self.hint])
        }
    }

    /// A hostile unknown path (65 KB, 31 long segments) costs no more than a few milliseconds
    /// of hinting (docs/operating.md "Sharing one instance": the hint reads a bounded prefix and stops at a budget); a
    /// short typo still gets its hint.
    func testAHugeUnknownPathCostsMillisecondsNotTens() throws {
        let (_, catalog) = try TestPlatform.makeResponder()
        let segment = String(repeating: "Statuss", count: 300)
        let hostile = "/" + Array(repeating: segment, count: 31).joined(separator: "/")
        XCTAssertGreaterThan(hostile.utf8.count, 65_000)
        let clock = ContinuousClock()
        var slowest = Duration.zero
        for _ in 0..<20 {
            let took = clock.measure { XCTAssertNil(RouteHint.hint(for: .get, path: hostile, in: catalog)) }
            slowest = max(slowest, took)
        }
        XCTAssertLessThan(slowest, .milliseconds(10), "one hint for a 65 KB path")
        XCTAssertEqual(
            RouteHint.hint(for: .get, path: "/iql/v1/driver/d1/statuss", in: catalog),
            "did you mean GET /iql/v1/driver/{driver_id}/status?"
        )
    }
}
