import Foundation
@testable import MockAudit
@testable import MockPlatform
import XCTest

/// The audit's guides under `/_mock/audit/guides`: the built-in guides listed first, a tenant's
/// own guides stored, read, replaced and removed, each checked as it arrives with a 400 that
/// names the rule and its field.
final class AuditGuideTests: XCTestCase {
    /// A guide of one response rule, changed by `change`.
    static func guide(_ change: (inout [String: Any]) -> Void = { _ in }) -> [String: Any] {
        var rule: [String: Any] = [
            "id": "ad-unit-fetched", "guide_section": "2.1 Fetch IQL Advertisement Unit Details", "severity": "must",
            "applies_to": "app", "subject": "driver", "template": "response",
            "trigger": ["request": "getDriverStatus", "status": "2xx", "where": ["offer_available": true]],
            "step": ["request": "getAdUnit", "status": "2xx"], "within": "30s", "clock": "wall",
            "doc": "Fetch the ad unit when the status says an offer is available.",
        ]
        change(&rule)
        return ["version": "3", "title": "Our offer screen", "rules": [rule]]
    }

    func testTheBuiltInGuidesComeFirstThenTheTenantsOwn() async throws {
        try await TestPlatform.run { platform in
            let before = try await platform.send(.get, "/_mock/audit/guides")
            let builtIn = try XCTUnwrap(try before.json()["guides"] as? [[String: Any]])
            XCTAssertEqual(builtIn.compactMap { $0["name"] as? String }, BuiltInGuides.names)
            XCTAssertEqual(Set(builtIn.compactMap { $0["built_in"] as? Bool }), [true])
            XCTAssertEqual(builtIn.first { $0["name"] as? String == "iql-offer" }?["rules"] as? Int, 4)

            let created = try await platform.send(.put, "/_mock/audit/guides/our-app", json: Self.guide())
            XCTAssertEqual(created.status, .created, created.text)
            let listed = try await platform.send(.get, "/_mock/audit/guides")
            let last = try XCTUnwrap((try listed.json()["guides"] as? [[String: Any]])?.last)
            XCTAssertEqual(last["name"] as? String, "our-app")
            XCTAssertEqual(last["built_in"] as? Bool, false)
            XCTAssertEqual(last["version"] as? String, "3")
            XCTAssertEqual(last["rules"] as? Int, 1)
        }
    }

    func testAGuideIsStoredReadReplacedAndRemoved() async throws {
        try await TestPlatform.run { platform in
            try await platform.send(.put, "/_mock/audit/guides/our-app", json: Self.guide())
            let read = try await platform.send(.get, "/_mock/audit/guides/our-app")
            XCTAssertEqual(read.status, .ok)
            let rule = try XCTUnwrap(((try read.json()["guide"] as? [String: Any])?["rules"] as? [[String: Any]])?.first)
            XCTAssertEqual(rule["within"] as? String, "30s")
            XCTAssertEqual((rule["trigger"] as? [String: Any])?["where"] as? [String: Bool], ["offer_available": true])

            let replaced = try await platform.send(.put, "/_mock/audit/guides/our-app", json: Self.guide { $0["within"] = "1m" })
            XCTAssertEqual(replaced.status, .ok, replaced.text)
            let again = try await platform.send(.get, "/_mock/audit/guides/our-app")
            XCTAssertEqual(((try again.json()["guide"] as? [String: Any])?["rules"] as? [[String: Any]])?.first?["within"] as? String, "1m")

            let removed = try await platform.send(.delete, "/_mock/audit/guides/our-app")
            XCTAssertEqual(removed.status, .noContent)
            try await platform.send(.get, "/_mock/audit/guides/our-app").assertProblem(.notFound, "no audit guide our-app")
            try await platform.send(.delete, "/_mock/audit/guides/our-app").assertProblem(.notFound, "no audit guide our-app")
        }
    }

    func testABuiltInGuideIsReadButNeitherReplacedNorRemoved() async throws {
        try await TestPlatform.run { platform in
            let read = try await platform.send(.get, "/_mock/audit/guides/iql-offer")
            XCTAssertEqual(try read.json()["built_in"] as? Bool, true)
            let rules = try XCTUnwrap((try read.json()["guide"] as? [String: Any])?["rules"] as? [[String: Any]])
            XCTAssertEqual(rules.first { $0["id"] as? String == "ad-unit-after-offer-available" }?["guide_section"] as? String,
                           "2.1 Fetch IQL Advertisement Unit Details")
            let message = "iql-offer is a built-in guide: it cannot be replaced or removed (store your own under another name)"
            try await platform.send(.put, "/_mock/audit/guides/iql-offer", json: Self.guide()).assertProblem(.conflict, message)
            try await platform.send(.delete, "/_mock/audit/guides/iql-offer").assertProblem(.conflict, message)
        }
    }

    func testAWrongGuideIsRefusedNamingTheRuleAndItsFieldAndNothingIsStored() async throws {
        let cases: [(String, @Sendable (inout [String: Any]) -> Void)] = [
            ("rules[0] (ad-unit-fetched).template must be one of existence, precedence, response, spacing, consistency", { $0["template"] = "eventually" }),
            ("rules[0] (ad-unit-fetched).step.request is not an operationId of the served documents", { $0["step"] = ["request": "getAdUnits"] }),
            ("rules[0] (ad-unit-fetched).trigger.api is not a served document (campaigns, control, iql, loyalty, publisher, wallet)",
             { $0["trigger"] = ["api": "payments"] }),
            ("rules[0] (ad-unit-fetched).step.request is not an operationId of the loyalty document",
             { $0["step"] = ["request": "getAdUnit", "api": "loyalty"] }),
            ("rules[0] (ad-unit-fetched).trigger.event must be an event kind this server declares (disqualification_status, engagement, non_telematics_qualification, offer_click, offer_retraction, qualification, silent_push_notification)",
             { $0["trigger"] = ["event": "qualified"] }),
            ("rules[0] (ad-unit-fetched).within must be a duration such as 500ms, 5s or 1m, more than zero", { $0["within"] = "soon" }),
            ("rules[0] (ad-unit-fetched).within must be a duration such as 500ms, 5s or 1m, more than zero", { $0["within"] = "0" }),
            ("rules[0] (ad-unit-fetched).trigger is required by the response template", { $0["trigger"] = nil }),
            ("rules[0] (ad-unit-fetched).at_least is not a parameter of the response template", { $0["at_least"] = "5m" }),
            ("rules[0] (ad-unit-fetched).check is required by the consistency template",
             { $0["template"] = "consistency"; $0["trigger"] = nil; $0["within"] = nil; $0["clock"] = nil }),
            ("rules[0] (ad-unit-fetched).step must name exactly one of request (or api), event, delivery, push, pass and any_of",
             { $0["step"] = ["request": "getAdUnit", "event": "qualification"] }),
            ("rules[0] (ad-unit-fetched).step.outcome applies to a delivery step only", { $0["step"] = ["request": "getAdUnit", "outcome": "success"] }),
            ("rules[0] (ad-unit-fetched).step.status must be 2xx, 4xx, 5xx (any class), a status code or any", { $0["step"] = ["request": "getAdUnit", "status": "ok"] }),
            ("rules[0] (ad-unit-fetched).trigger.any_of[0].any_of is not allowed",
             { $0["trigger"] = ["any_of": [["any_of": [["event": "qualification"]]]]] }),
            ("rules[0] (ad-unit-fetched).step.push must be a push kind (or any) this server declares (iql_heartbeat, iql_qualification, synerise_campaign, wallet_pass_update)",
             { $0["step"] = ["push": "sms"] }),
            ("rules[0].id must be lower-case kebab-case of at most 64 characters", { $0["id"] = "Ad Unit" }),
            ("rules[0] (ad-unit-fetched).doc is required", { $0["doc"] = nil }),
        ]
        try await TestPlatform.run { platform in
            for (message, change) in cases {
                try await platform.send(.put, "/_mock/audit/guides/ours", json: Self.guide(change)).assertProblem(.badRequest, message)
            }
            var twice = Self.guide()
            twice["rules"] = (twice["rules"] as? [Any] ?? []) + (twice["rules"] as? [Any] ?? [])
            try await platform.send(.put, "/_mock/audit/guides/ours", json: twice)
                .assertProblem(.badRequest, "rules[1] (ad-unit-fetched).id is the id of an earlier rule")
            try await platform.send(.put, "/_mock/audit/guides/Our_App", json: Self.guide())
                .assertProblem(.badRequest, "name must be lower-case kebab-case of at most 64 characters")
            try await platform.send(.get, "/_mock/audit/guides/ours").assertProblem(.notFound, "no audit guide ours")
        }
    }

    func testAGuideHoldsAtMost200Rules() async throws {
        try await TestPlatform.run { platform in
            func rules(_ count: Int) -> [String: Any] {
                var guide = Self.guide()
                let rule = (guide["rules"] as? [[String: Any]])?.first ?? [:]
                guide["rules"] = (0..<count).map { index in rule.merging(["id": "rule-\(index)"]) { $1 } }
                return guide
            }
            let full = try await platform.send(.put, "/_mock/audit/guides/big", json: rules(200))
            XCTAssertEqual(full.status, .created, full.text)
            try await platform.send(.put, "/_mock/audit/guides/bigger", json: rules(201))
                .assertProblem(.badRequest, "rules holds 201 rules, over the 200 a guide may hold")
        }
    }

    func testATenantHoldsItsQuotaOfGuides() async throws {
        var options = ServerOptions()
        options.quotas[.auditGuides] = 2
        try await TestPlatform.run(options: options) { platform in
            for name in ["one", "two"] {
                let stored = try await platform.send(.put, "/_mock/audit/guides/\(name)", json: Self.guide())
                XCTAssertEqual(stored.status, .created, stored.text)
            }
            let replaced = try await platform.send(.put, "/_mock/audit/guides/two", json: Self.guide())
            XCTAssertEqual(replaced.status, .ok, "replacing takes no new place: \(replaced.text)")
            try await platform.send(.put, "/_mock/audit/guides/three", json: Self.guide())
                .assertProblem(.tooManyRequests, "tenant quota exceeded: audit_guides")
        }
    }

    func testOwnGuidesArePartOfTheStateDocumentAndAreCheckedWhenItComesBack() async throws {
        try await TestPlatform.run { platform in
            try await platform.send(.put, "/_mock/audit/guides/our-app", json: Self.guide())
            let state = try await platform.send(.get, "/_mock/state")
            try await platform.send(.post, "/_mock/reset")
            try await platform.send(.get, "/_mock/audit/guides/our-app").assertProblem(.notFound, "no audit guide our-app")
            let imported = try await platform.send(.put, "/_mock/state", body: state.text, headers: [.contentType: "application/json"])
            XCTAssertEqual(imported.status, .ok, imported.text)
            let back = try await platform.send(.get, "/_mock/audit/guides/our-app")
            XCTAssertEqual(back.status, .ok, back.text)

            let broken = state.text.replacingOccurrences(of: "\"getAdUnit\"", with: "\"getAdUnits\"")
            XCTAssertNotEqual(broken, state.text)
            let refused = try await platform.send(.put, "/_mock/state", body: broken, headers: [.contentType: "application/json"])
            XCTAssertEqual(refused.status, .badRequest, refused.text)
            XCTAssertTrue(refused.text.contains("audit guide our-app: rules[0] (ad-unit-fetched).step.request is not an operationId"), refused.text)
        }
    }
}
