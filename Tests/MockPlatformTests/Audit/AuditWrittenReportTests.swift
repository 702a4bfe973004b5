import Foundation
import HTTPTypes
@testable import MockPlatform
@testable import MockPlatformKit
@testable import MockPlatformRuntime
import XCTest

/// `GET /_mock/audit` is written from its schema type by `JSONTextEncoder` (a `WrittenAnswer`),
/// not by the generated encoder: the generated handler, with the front door's finishing, gives
/// the same bytes, and the requests the written answer declines still get the generated answers.
final class AuditWrittenReportTests: XCTestCase {
    private typealias Probe = AuditProbe

    /// A run whose messages hold quotes, brackets, slashes and paths, with a client error.
    private static func play(_ platform: TestPlatform) async throws {
        try await platform.iql(.put, "/iql/v1/driver/d1/info", json: ["country": "USA", "state": "AZ", "zipcode": "10118"])
        try await platform.createDriver("d2")
        try await platform.iql(.get, "/iql/v1/driver/d2/status")
        try await platform.iql(.get, "/iql/v1/driver/d2/status")
        try await platform.iql(.get, "/iql/v1/driver/d2/nothing-here")
        try await platform.send(.get, "/loyalty/v1/summary", headers: [Probe.member: "member-gold"])
        try await platform.send(.post, "/publisher/v1/drivers/d2/device_token", json: ["token": SampleTokens.apns, "platform": "ios"])
        let trap = try await platform.send(.post, "/_mock/campaigns", json: ["payload": ["aps": ["content-available": 1], "data": ["screen": "offers"]]])
        try await platform.send(.post, "/_mock/campaigns/\(try trap.json()["id"] as? String ?? "")/send", json: ["driver_ids": ["d2"]])
    }

    /// The report's text without its `until` instant, which differs between two reports.
    private static func withoutUntil(_ text: String) -> String {
        text.replacingOccurrences(of: #""until":"[^"]*""#, with: "", options: .regularExpression)
    }

    func testTheWrittenReportIsTheGeneratedHandlersAnswer() async throws {
        try await TestPlatform.run { platform in
            try await Self.play(platform)
            for target in ["/_mock/audit", "/_mock/audit?guide=iql-onboarding&guide=pushes&subject=driver:d1&subject=driver:d2&limit=1",
                           "/_mock/audit?severity=must&offset=1", "/_mock/audit?since=2000-01-01T00:00:00Z&limit=1000"] {
                let written = try await platform.send(.get, target)
                XCTAssertEqual(written.status, .ok, written.text)
                let reference = try await platform.generatedAnswer(target)
                XCTAssertEqual(reference.contentType, written.headers[.contentType], target)
                XCTAssertEqual(Self.withoutUntil(reference.text), Self.withoutUntil(written.text), target)
            }
            let whole = try await platform.send(.get, "/_mock/audit").text
            for text in [#"data[\"type\"] as! String"#, "zipcode 10118 belongs to NY", "/iql/v1/driver/d2/nothing-here"] {
                XCTAssertTrue(whole.contains(text), "the run's messages are in the report: \(text)")
            }
        }
    }

    func testWhatTheWrittenAnswerDeclinesTheGeneratedHandlerAnswers() async throws {
        try await TestPlatform.run { platform in
            try await Self.play(platform)
            let plain = try await platform.send(.get, "/_mock/audit?subject=driver:d1")
            let escaped = try await platform.send(.get, "/_mock/audit?subject=driver%3Ad1")
            XCTAssertEqual(escaped.status, .ok, escaped.text)
            XCTAssertEqual(Self.withoutUntil(escaped.text), Self.withoutUntil(plain.text), "an escaped query reads as the plain one")
            let xml = try await platform.send(.get, "/_mock/audit?subject=driver:d1", headers: [.accept: "application/xml"])
            XCTAssertEqual(xml.status, .ok)
            XCTAssertTrue(xml.text.hasPrefix("<?xml"), xml.text)
            for target in ["/_mock/audit?limit=many", "/_mock/audit?severity=could", "/_mock/audit?limit=0"] {
                let refused = try await platform.send(.get, target)
                XCTAssertEqual(refused.status, .badRequest, "\(target): \(refused.text)")
            }
        }
    }
}
