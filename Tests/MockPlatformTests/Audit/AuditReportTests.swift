import Foundation
import HTTPTypes
@testable import MockPlatform
import XCTest

/// The report as a whole (`GET /_mock/audit`): inconclusive verdicts when a log lost the
/// evidence, the same run giving the same bytes, paging, refusals, and the timeline's causes.
final class AuditReportTests: XCTestCase {
    private typealias Probe = AuditProbe

    func testEvidenceThatFellOutOfTheJournalIsInconclusiveNotAFailure() async throws {
        var options = ServerOptions()
        options.journalSize = 2
        try await TestPlatform.run(options: options) { platform in
            try await platform.iql(.post, "/iql/v1/supported_state_details", json: ["country_code": "USA", "state_code": "AZ", "current_insurer": "Progressive"])
            try await platform.createDriver("d1")
            try await platform.iql(.get, "/iql/v1/locations")
            let report = try await Probe.report(platform, "?subject=driver:d1")
            XCTAssertEqual((report["run"] as? [String: Any])?["truncated"] as? [String], ["request"])
            let result = try Probe.result(report, "driver:d1", "state-check-before-driver-info")
            XCTAssertEqual(result["verdict"] as? String, "inconclusive", "the check may have been among the dropped requests")
            let expected1 = try await Probe.requestIDs(platform, path: "/iql/v1/driver/d1/info")
            XCTAssertEqual(result["evidence"] as? [String], expected1)
        }
    }

    func testARunBeforeSinceMakesAMissingEarlierStepInconclusive() async throws {
        try await TestPlatform.run { platform in
            try await platform.iql(.post, "/iql/v1/supported_state_details", json: ["country_code": "USA", "state_code": "AZ", "current_insurer": "Progressive"])
            try await platform.iql(.get, "/iql/v1/locations")
            let start = try await Probe.requestIDs(platform, path: "/iql/v1/locations")[0]
            try await platform.createDriver("d1")
            let report = try await Probe.report(platform, "?since=\(start)&subject=driver:d1")
            let result = try Probe.result(report, "driver:d1", "state-check-before-driver-info")
            XCTAssertEqual(result["verdict"] as? String, "inconclusive")
        }
    }

    func testTheSameRunGivesTheSameReportApartFromUntil() async throws {
        try await TestPlatform.run { platform in
            try await platform.iql(.post, "/iql/v1/supported_state_details", json: ["country_code": "USA", "state_code": "AZ", "current_insurer": "Progressive"])
            try await platform.createDriver("d1")
            try await platform.iql(.put, "/iql/v1/driver/d2/info", json: ["country": "USA", "state": "AZ", "zipcode": "10118"])
            try await platform.iql(.get, "/iql/v1/driver/d1/status")
            try await platform.iql(.get, "/iql/v1/driver/d1/status")
            try await platform.send(.get, "/loyalty/v1/summary", headers: [Probe.member: "member-gold"])
            func bytes(_ path: String) async throws -> String {
                let text = try await platform.send(.get, path).text
                return text.replacingOccurrences(of: #""until" *: *"[^"]*""#, with: "", options: .regularExpression)
                    .replacingOccurrences(of: #"name="run.until" value="[^"]*""#, with: "", options: .regularExpression)
            }
            let first = try await bytes("/_mock/audit")
            try await Task.sleep(for: .milliseconds(20))
            let second = try await bytes("/_mock/audit")
            XCTAssertEqual(first, second)
            XCTAssertTrue(first.contains("driver-info-state-matches-zip"))
            let junit = try await bytes("/_mock/audit/junit")
            let again = try await bytes("/_mock/audit/junit")
            XCTAssertEqual(junit, again)
        }
    }

    func testSubjectsAreSortedWithTheBackendLastAndPagedByLimit() async throws {
        try await TestPlatform.run { platform in
            for driver in ["d3", "d1", "d2"] { try await platform.createDriver(driver) }
            let all = try await Probe.report(platform)
            let names = (all["subjects"] as? [[String: Any]] ?? []).compactMap { $0["subject"] as? String }
            XCTAssertEqual(names, ["driver:d1", "driver:d2", "driver:d3", "backend"])
            let page = try await Probe.report(platform, "?limit=2&offset=1")
            XCTAssertEqual((page["subjects"] as? [[String: Any]])?.compactMap { $0["subject"] as? String }, ["driver:d2", "driver:d3"])
            XCTAssertEqual(page["next_offset"] as? Int, 3)
            XCTAssertNil(all["next_offset"])
            let summary = try XCTUnwrap(page["summary"] as? [String: Any])
            XCTAssertEqual(summary["subjects"] as? Int, 2)
            let must = try await Probe.report(platform, "?severity=must&guide=iql-onboarding&subject=driver:d1")
            let rules = try XCTUnwrap((must["subjects"] as? [[String: Any]])?.first?["results"] as? [[String: Any]])
            XCTAssertEqual(rules.compactMap { $0["rule"] as? String }, ["driver-info-state-matches-zip"])
        }
    }

    func testBadQueriesAre400sNamingTheParameter() async throws {
        try await TestPlatform.run { platform in
            let refused = [
                ("?guide=nope", "no audit guide nope"), ("?since=yesterday", "since must be"), ("?since=req_ffff", "since names no request"),
                ("?offset=-1", "offset must be 0 to 1000000"), ("?limit=0", "limit must be 1 to 1000"), ("?limit=1001", "limit must be 1 to 1000"),
                ("?" + Array(repeating: "guide=iql-offer", count: 65).joined(separator: "&"), "guide may be given at most 64 times"),
                ("?" + Array(repeating: "subject=driver:d1", count: 1_001).joined(separator: "&"), "subject may be given at most 1000 times"),
            ]
            for (query, field) in refused {
                let reply = try await platform.send(.get, "/_mock/audit" + query)
                XCTAssertEqual(reply.status, .badRequest, query)
                XCTAssertTrue((try reply.json()["detail"] as? String)?.contains(field) == true, reply.text)
            }
            let timeline = try await platform.send(.get, "/_mock/timeline?subject=d1")
            XCTAssertEqual(timeline.status, .badRequest)
            let timelineLimit = try await platform.send(.get, "/_mock/timeline?subject=backend&limit=-3")
            XCTAssertEqual(try timelineLimit.json()["detail"] as? String, "limit must be 1 to 1000")
            let xml = try await platform.send(.get, "/_mock/audit", headers: [.accept: "application/xml"])
            XCTAssertEqual(xml.status, .ok)
            XCTAssertTrue(xml.headers[.contentType]?.hasPrefix("application/xml") == true)
            XCTAssertTrue(xml.text.hasPrefix(#"<?xml version="1.0" encoding="UTF-8"?>"#))
        }
    }

    func testTheTimelineLinksAQualificationToItsDeliveryAndPush() async throws {
        try await TestPlatform.run { platform in
            try await Probe.setClock(platform)
            try await platform.send(.post, "/_mock/webhooks/endpoints", json: ["url": "http://127.0.0.1:9/hook", "events": ["qualification"]])
            try await platform.createDriver("d1")
            try await platform.send(.post, "/publisher/v1/drivers/d1/device_token", json: ["token": SampleTokens.apns, "platform": "ios"])
            try await Probe.qualify(platform, "d1")
            let events = try await Probe.eventIDs(platform, kind: "qualification")
            let event = try XCTUnwrap(events.first)
            var items: [[String: Any]] = []
            for _ in 0..<50 {
                items = try await platform.send(.get, "/_mock/timeline?subject=driver:d1").json()["items"] as? [[String: Any]] ?? []
                if items.contains(where: { $0["kind"] as? String == "delivery" }), items.contains(where: { $0["kind"] as? String == "push" }) { break }
                try await Task.sleep(for: .milliseconds(100))
            }
            let eventItem = try XCTUnwrap(items.first { $0["id"] as? String == event })
            let push = try XCTUnwrap(items.first { $0["kind"] as? String == "push" })
            let delivery = try XCTUnwrap(items.first { $0["kind"] as? String == "delivery" })
            XCTAssertEqual(Set(eventItem["causes"] as? [String] ?? []), Set([push["id"] as? String, delivery["id"] as? String].compactMap { $0 }))
            XCTAssertEqual(push["caused_by"] as? [String], [event])
            let kinds = items.compactMap { $0["kind"] as? String }
            XCTAssertEqual(kinds.first, "request", "the story starts with the driver's info")
            XCTAssertLessThan(try XCTUnwrap(kinds.firstIndex(of: "event")), try XCTUnwrap(kinds.firstIndex(of: "push")), "the event, then its push")
            let limited = try await platform.send(.get, "/_mock/timeline?subject=driver:d1&limit=2").json()["items"] as? [[String: Any]] ?? []
            XCTAssertEqual(limited.compactMap { $0["id"] as? String }, items.suffix(2).compactMap { $0["id"] as? String }, "the newest, in order")
        }
    }
}
