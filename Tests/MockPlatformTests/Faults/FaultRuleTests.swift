import Foundation
import HTTPTypes
@testable import MockPlatform
import XCTest

/// Fault rules on the tenant's APIs (`openapi/control.yaml`, tag faults).
final class FaultRuleTests: XCTestCase {
    private static let poqUser = HTTPField.Name("Poq-User-Id") ?? .authorization

    /// Hit sequences of several runs.
    private actor Runs {
        var all: [[Bool]] = []
        func add(_ run: [Bool]) { all.append(run) }
    }

    private static func addFault(_ platform: TestPlatform, _ rule: [String: Any], tenant: String = "") async throws -> [String: Any] {
        let reply = try await platform.send(.post, "\(tenant)/_mock/faults", json: rule)
        XCTAssertEqual(reply.status, .created, reply.text)
        return try reply.json()
    }

    /// Which of `count` calls to the locations route a fault answered.
    private static func hitSequence(_ platform: TestPlatform, count: Int) async throws -> [Bool] {
        var hits: [Bool] = []
        for _ in 0..<count {
            let reply = try await platform.iql(.get, "/iql/v1/locations")
            XCTAssertTrue([.ok, .serviceUnavailable].contains(reply.status), reply.text)
            hits.append(reply.status == .serviceUnavailable)
        }
        return hits
    }

    private static func seededRule(seed: Int) -> [String: Any] {
        ["path": "/iql/v1/*", "status": 503, "probability": 0.3, "seed": seed]
    }

    func testASeededProbabilityGivesTheSameSequenceOnEveryRun() async throws {
        let recorded = Runs()
        for _ in 0..<2 {
            try await TestPlatform.run { platform in
                _ = try await Self.addFault(platform, Self.seededRule(seed: 42))
                let sequence = try await Self.hitSequence(platform, count: 60)
                let listed = try await platform.send(.get, "/_mock/faults").json()["faults"] as? [[String: Any]]
                XCTAssertEqual(listed?.first?["hits"] as? Int, sequence.filter { $0 }.count)
                await recorded.add(sequence)
            }
        }
        let runs = await recorded.all
        XCTAssertEqual(runs[0], runs[1], "same seed, same requests: same hits")
        let hits = runs[0].filter { $0 }.count
        XCTAssertTrue((8...30).contains(hits), "about 30 % of 60 requests hit, got \(hits)")

        try await TestPlatform.run { platform in
            _ = try await Self.addFault(platform, Self.seededRule(seed: 7))
            let other = try await Self.hitSequence(platform, count: 60)
            XCTAssertNotEqual(other, runs[0], "another seed gives another sequence")
        }
    }

    func testARuleWithTimesRetiresAfterThatManyHits() async throws {
        try await TestPlatform.run { platform in
            let rule = try await Self.addFault(platform, ["method": "get", "path": "/iql/**", "status": 503, "times": 2])
            XCTAssertEqual(rule["method"] as? String, "GET")
            let sequence = try await Self.hitSequence(platform, count: 4)
            XCTAssertEqual(sequence, [true, true, false, false])
            let listed = try await platform.send(.get, "/_mock/faults").json()["faults"] as? [[String: Any]]
            XCTAssertEqual(listed?.count, 1)
            XCTAssertEqual(listed?.first?["hits"] as? Int, 2)
            XCTAssertEqual(listed?.first?["retired"] as? Bool, true)
        }
    }

    func testAStatusWithoutBodyAnswersInTheMatchedAPIsOwnShape() async throws {
        try await TestPlatform.run { platform in
            let rule = try await Self.addFault(platform, ["path": "/**", "status": 503])
            let id = try XCTUnwrap(rule["id"] as? String)
            let iql = try await platform.iql(.get, "/iql/v1/locations")
            XCTAssertEqual(iql.status, .serviceUnavailable)
            XCTAssertEqual(iql.iqlError, "fault injected by rule \(id)")
            XCTAssertEqual(try iql.json()["success"] as? String, "false")
            let loyalty = try await platform.send(.get, "/loyalty/v1/summary", headers: [Self.poqUser: "member-gold"])
            XCTAssertEqual(loyalty.status, .serviceUnavailable)
            XCTAssertEqual(loyalty.headers[.contentType], "application/problem+json", loyalty.text)
            XCTAssertEqual(try loyalty.json()["title"] as? String, "Service Unavailable", "the status's reason phrase, never empty")
            XCTAssertEqual(try loyalty.json()["detail"] as? String, "fault injected by rule \(id)")
            try await platform.send(.delete, "/_mock/faults")
            _ = try await Self.addFault(platform, ["path": "/loyalty/**", "status": 599])
            let unknown = try await platform.send(.get, "/loyalty/v1/summary", headers: [Self.poqUser: "member-gold"])
            XCTAssertEqual(try unknown.json()["title"] as? String, "Server Error", "a code without a standard phrase gets its class's")
            let control = try await platform.send(.get, "/_mock/clock")
            XCTAssertEqual(control.status, .ok, "faults never reach the control plane")
        }
    }

    func testAStatusWithBodyAnswersThatBody() async throws {
        try await TestPlatform.run { platform in
            _ = try await Self.addFault(platform, ["operation_id": "getLocations", "status": 429, "body": ["slow": "down"]])
            let hit = try await platform.iql(.get, "/iql/v1/locations")
            XCTAssertEqual(hit.status, .tooManyRequests)
            hit.assertJSON(["slow": "down"])
            let other = try await platform.iql(.get, "/iql/v1/driver/nobody/info")
            XCTAssertNotEqual(other.status, .tooManyRequests, "another operation is not matched")
        }
    }

    func testALatencyRuleDelaysTheAnswerAndThenLetsItThrough() async throws {
        try await TestPlatform.run { platform in
            _ = try await Self.addFault(platform, ["path": "/iql/v1/locations", "latency_ms": 300, "latency_jitter_ms": 100])
            let started = ContinuousClock.now
            let slow = try await platform.iql(.get, "/iql/v1/locations")
            let elapsed = ContinuousClock.now - started
            XCTAssertEqual(slow.status, .ok, slow.text)
            XCTAssertGreaterThanOrEqual(elapsed, .milliseconds(300))
            XCTAssertLessThan(elapsed, .seconds(5))
        }
    }

    func testRulesAreTriedInCreationOrderAndAreKeptPerTenant() async throws {
        try await TestPlatform.run { platform in
            _ = try await Self.addFault(platform, ["path": "/iql/**", "status": 502, "probability": 0])
            _ = try await Self.addFault(platform, ["path": "/iql/**", "status": 503])
            _ = try await Self.addFault(platform, ["path": "/iql/**", "status": 504])
            let reply = try await platform.iql(.get, "/iql/v1/locations")
            XCTAssertEqual(reply.status, .serviceUnavailable, "a miss lets the next rule try; the first hit applies")
            let other = try await platform.iql(.get, "/t/other/iql/v1/locations")
            XCTAssertEqual(other.status, .ok, "another tenant has no rules")
        }
    }

    func testDeleteAndResetRemoveRules() async throws {
        try await TestPlatform.run { platform in
            let rule = try await Self.addFault(platform, ["path": "/**", "status": 500])
            let id = try XCTUnwrap(rule["id"] as? String)
            try await platform.send(.delete, "/_mock/faults/\(id)")
            let afterDelete = try await platform.iql(.get, "/iql/v1/locations")
            XCTAssertEqual(afterDelete.status, .ok)
            try await platform.send(.delete, "/_mock/faults/\(id)").assertProblem(.notFound, "no fault rule \(id)")
            _ = try await Self.addFault(platform, ["path": "/**", "status": 500])
            try await platform.send(.post, "/_mock/reset")
            let afterReset = try await platform.iql(.get, "/iql/v1/locations")
            XCTAssertEqual(afterReset.status, .ok)
            let listed = try await platform.send(.get, "/_mock/faults").json()["faults"] as? [Any]
            XCTAssertEqual(listed?.count, 0)
        }
    }

    private static func invalidRules() -> [([String: Any], String)] {
        [
            (["status": 500, "colour": "red"], "colour is not a fault rule field"),
            (["path": "/iql/**"], "a fault needs an effect: status, latency_ms, latency_jitter_ms, reset_connection or empty_response"),
            (["status": 500, "reset_connection": true], "status, reset_connection and empty_response exclude each other"),
            (["status": 500, "probability": 1.5], "probability must be between 0 and 1"),
            (["status": 700], "status must be between 200 and 599"),
            (["body": ["a": 1], "latency_ms": 5], "body needs status"),
            (["status": 500, "path": "iql"], "path must start with /"),
            (["status": 500, "times": 0], "times must be at least 1"),
            (["latency_ms": 600_000], "latency_ms must be between 0 and 60000"),
            (["status": "500"], "status must be an integer"),
            (["status": 500, "target": "db"], "target must be api or webhook"),
            (["target": "webhook", "status": 500, "body": "x"], "body applies to target api only"),
        ]
    }

    func testInvalidRulesAreRefusedNamingTheFieldAndNothingIsStored() async throws {
        try await TestPlatform.run { platform in
            for (body, detail) in Self.invalidRules() {
                try await platform.send(.post, "/_mock/faults", json: body).assertProblem(.badRequest, detail)
            }
            let listed = try await platform.send(.get, "/_mock/faults").json()["faults"] as? [Any]
            XCTAssertEqual(listed?.count, 0)
        }
    }
}
