import Foundation
import HTTPTypes
@testable import MockPlatform
import XCTest

/// The limits on hostile input (`openapi/control.yaml`, "Limits and hostile input"), each at
/// its boundary: N passes, N + 1 answers the documented error, changes nothing, and is counted
/// in `mockplatform_limit_rejections_total`.
final class HostileInputTests: XCTestCase {
    private static func path(segments: Int) -> String { String(repeating: "/a", count: segments) }

    func testPathGlobsAreBoundedInTheJournalAndInFaultRules() async throws {
        try await TestPlatform.run { platform in
            let tooComplex = "path glob too complex: at most 32 segments and 4 ** segments"
            try await platform.iql(.get, Self.path(segments: 32))
            let thirtyTwo = try await platform.send(.get, "/_mock/requests/count?path=\(Self.path(segments: 32))").json()
            XCTAssertEqual(thirtyTwo["count"] as? Int, 1)
            try await platform.send(.get, "/_mock/requests?path=\(Self.path(segments: 33))").assertProblem(.badRequest, tooComplex)
            let fourStars = try await platform.send(.get, "/_mock/requests/count?path=/**/a/**/a/**/a/**")
            XCTAssertEqual(try fourStars.json()["count"] as? Int, 1)
            try await platform.send(.get, "/_mock/requests/count?path=/**/a/**/a/**/a/**/**").assertProblem(.badRequest, tooComplex)

            let stored = try await platform.send(.post, "/_mock/faults", json: ["path": Self.path(segments: 32), "status": 503])
            XCTAssertEqual(stored.status, .created, stored.text)
            try await platform.send(.post, "/_mock/faults", json: ["path": Self.path(segments: 33), "status": 503])
                .assertProblem(.badRequest, tooComplex)
            try await platform.send(.post, "/_mock/faults", json: ["path": "/**/**/**/**/**", "status": 503])
                .assertProblem(.badRequest, tooComplex)
            let faults = try await platform.send(.get, "/_mock/faults").json()["faults"] as? [Any]
            XCTAssertEqual(faults?.count, 1, "nothing stored for a refused rule")
            let counted = Int(try await LimitMetrics.rejections("path_glob", platform))
            XCTAssertEqual(counted, 4)
        }
    }

    func testTriggerOverridesAreBoundedInKeysAndSegments() async throws {
        try await TestPlatform.run { platform in
            let sixteen = Array(repeating: "k", count: 16).joined(separator: ".")
            var overrides: [String: Any] = [sixteen: 1]
            for index in 1..<64 { overrides["extra\(index)"] = index }
            let accepted = try await platform.send(
                .post, "/_mock/webhooks/trigger", json: ["event": "engagement", "driver_id": "d1", "overrides": overrides]
            )
            XCTAssertEqual(accepted.status, .accepted, accepted.text)
            let events = try await platform.send(.get, "/_mock/events").json()["events"] as? [Any]
            XCTAssertEqual(events?.count, 1)

            overrides["extra64"] = 64
            try await platform.send(.post, "/_mock/webhooks/trigger", json: ["event": "engagement", "driver_id": "d1", "overrides": overrides])
                .assertProblem(.badRequest, "overrides must have at most 64 keys")
            try await platform.send(
                .post, "/_mock/webhooks/trigger", json: ["event": "engagement", "driver_id": "d1", "overrides": [sixteen + ".k": 1]]
            ).assertProblem(.badRequest, "overrides keys must have at most 16 dotted segments")
            let after = try await platform.send(.get, "/_mock/events").json()["events"] as? [Any]
            XCTAssertEqual(after?.count, 1, "no event for a refused trigger")
            let counted = Int(try await LimitMetrics.rejections("trigger_overrides", platform))
            XCTAssertEqual(counted, 2)
            let state = try await platform.send(.get, "/_mock/state")
            XCTAssertEqual(state.status, .ok, "the state still exports")
        }
    }

    func testJSONBodiesNestDeeperThanSixtyFourLevelsAreRefusedInEachAPIsShape() async throws {
        try await TestPlatform.run { platform in
            func nested(_ depth: Int) -> String {
                #"{"payload":"# + String(repeating: "[", count: depth - 1) + String(repeating: "]", count: depth - 1) + "}"
            }
            let deepest = try await platform.send(.post, "/_mock/campaigns", body: nested(64), headers: [.contentType: "application/json"])
            XCTAssertNotEqual(deepest.text, "", "64 levels parse")
            XCTAssertFalse(deepest.text.contains("nested deeper"), deepest.text)
            try await platform.send(.post, "/_mock/campaigns", body: nested(65), headers: [.contentType: "application/json"])
                .assertProblem(.badRequest, "JSON body nested deeper than 64 levels")
            let iql = try await platform.iql(.put, "/iql/v1/driver/d1/info", body: nested(65))
            XCTAssertEqual(iql.status, .badRequest)
            XCTAssertEqual(iql.iqlError, "JSON body nested deeper than 64 levels")
            let counted = Int(try await LimitMetrics.rejections("json_depth", platform))
            XCTAssertEqual(counted, 2)
        }
    }

    func testCrossOriginWritesAreRefusedAndSameOriginOnesPass() async throws {
        try await TestPlatform.run { platform in
            try await platform.send(.post, "/_mock/reset", headers: [.origin: "https://evil.example"])
                .assertProblem(.forbidden, "cross-origin request refused")
            try await platform.send(.post, "/_mock/faults", json: ["status": 503], headers: [.origin: "null"])
                .assertProblem(.forbidden, "cross-origin request refused")
            let faults = try await platform.send(.get, "/_mock/faults", headers: [.origin: "https://evil.example"])
            XCTAssertEqual(faults.status, .ok, "reads are not refused")
            XCTAssertEqual((try faults.json()["faults"] as? [Any])?.count, 0, "nothing stored")
            let withoutOrigin = try await platform.send(.post, "/_mock/reset")
            XCTAssertEqual(withoutOrigin.status, .ok)
            let counted = Int(try await LimitMetrics.rejections("cross_origin", platform))
            XCTAssertEqual(counted, 2)
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

    /// A timer set past the clock's last instant (a driver opted in on 9999-12-31) was listed
    /// as `10000-01-01T…`, which RFC 3339 cannot write.
    func testTimersAreListedWithinYearsOneTo9999() async throws {
        try await TestPlatform.run { platform in
            try await platform.send(.post, "/_mock/clock", json: ["now": "9999-12-31T12:00:00Z"])
            try await platform.createDriver("d1")
            let reply = try await platform.send(.get, "/_mock/timers")
            XCTAssertEqual(reply.status, .ok, reply.text)
            let dues = (try reply.json()["timers"] as? [[String: Any]])?.compactMap { $0["due"] as? String } ?? []
            XCTAssertFalse(dues.isEmpty, reply.text)
            for due in dues { XCTAssertTrue(due.hasPrefix("9999-12-31T"), due) }
        }
    }

    func testAnEmptyPathParameterIsNeverRoutedAsAnotherOperation() async throws {
        try await TestPlatform.run { platform in
            try await platform.send(.get, "/_mock/campaigns/").assertProblem(.notFound, "unknown control endpoint")
            try await platform.send(.post, "/_mock/campaigns//send", json: ["device_tokens": ["t"]]).assertProblem(.notFound, "unknown control endpoint")
            try await platform.send(.get, "/t/ci-1/_mock/campaigns/").assertProblem(.notFound, "unknown control endpoint")
            let list = try await platform.send(.get, "/_mock/campaigns")
            XCTAssertEqual(list.status, .ok)
            let trailing = try await platform.iql(.get, "/iql/v1/locations/")
            XCTAssertEqual(trailing.status, .ok, "a trailing slash is still accepted")
        }
    }
}
