import Foundation
@testable import MockAudit
@testable import MockPlatform
import XCTest

/// The bounds and named checks of a guide as it arrives: each refused with a 400 that names the
/// rule, the field and the bound, so that nothing a client sends can grow a stored guide past
/// them.
final class AuditGuideBoundsTests: XCTestCase {
    /// A consistency rule with `check` in place of the response rule's parameters.
    private static func consistency(_ rule: inout [String: Any], check: [String: Any]) {
        rule["template"] = "consistency"
        rule["trigger"] = nil
        rule["within"] = nil
        rule["clock"] = nil
        rule["check"] = check
    }

    func testEveryBoundAndNamedCheckIsRefusedInWords() async throws {
        let value = "must be a string of at most 256 characters, a number, a boolean or null"
        let cases: [(String, @Sendable (inout [String: Any]) -> Void)] = [
            ("rules[0] (ad-unit-fetched).step.where names more than 16 fields",
             { $0["step"] = ["request": "getAdUnit", "where": Dictionary(uniqueKeysWithValues: (0..<17).map { ("f\($0)", $0) })] }),
            ("rules[0] (ad-unit-fetched).step.where.x \(value)", { $0["step"] = ["request": "getAdUnit", "where": ["x": ["nested": 1]]] }),
            ("rules[0] (ad-unit-fetched).step.where.x \(value)",
             { $0["step"] = ["request": "getAdUnit", "where": ["x": String(repeating: "a", count: 257)]] }),
            ("rules[0] (ad-unit-fetched).join must pair 1 to 8 fields", { $0["join"] = [String: String]() }),
            ("rules[0] (ad-unit-fetched).doc must be at most 500 characters", { $0["doc"] = String(repeating: "d", count: 501) }),
            ("rules[0] (ad-unit-fetched).check.field is required by the has-field check",
             { Self.consistency(&$0, check: ["name": "has-field"]) }),
            ("rules[0] (ad-unit-fetched).check.statuses must list status codes from 100 to 599",
             { Self.consistency(&$0, check: ["name": "status-not", "statuses": [42]]) }),
            ("rules[0] (ad-unit-fetched).step.delivery must be an event kind (or any) this server declares (disqualification_status, engagement, non_telematics_qualification, offer_click, offer_retraction, qualification, silent_push_notification)",
             { $0["step"] = ["delivery": "sms"] }),
            ("rules[0] (ad-unit-fetched).step.pass must be one of registered, fetched, updated", { $0["step"] = ["pass": "installed"] }),
        ]
        try await TestPlatform.run { platform in
            for (message, change) in cases {
                try await platform.send(.put, "/_mock/audit/guides/ours", json: AuditGuideTests.guide(change)).assertProblem(.badRequest, message)
            }
            var long = AuditGuideTests.guide()
            long["title"] = String(repeating: "t", count: 201)
            try await platform.send(.put, "/_mock/audit/guides/ours", json: long).assertProblem(.badRequest, "title must be at most 200 characters")
            try await platform.send(.get, "/_mock/audit/guides/ours").assertProblem(.notFound, "no audit guide ours")
        }
    }
}
