import Foundation
@testable import MockAudit
@testable import MockPlatform
import XCTest

/// Guides as data beyond the request: the built-in guides pass the checks a tenant's own guide
/// does, and a scenario can carry a tenant's own guides.
final class AuditGuideScenarioTests: XCTestCase {
    func testEveryBuiltInGuideIsAcceptedAsATenantsOwnGuide() async throws {
        try await TestPlatform.run { platform in
            for name in BuiltInGuides.names {
                let read = try await platform.send(.get, "/_mock/audit/guides/\(name)")
                let guide = try XCTUnwrap(try read.json()["guide"] as? [String: Any], read.text)
                let copy = try await platform.send(.put, "/_mock/audit/guides/copy-of-\(name)", json: guide)
                XCTAssertEqual(copy.status, .created, "\(name): \(copy.text)")
            }
        }
    }

    func testAScenarioCarriesGuidesCheckedAsTheyAreApplied() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("audit-scenarios-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let guide = try JSONSerialization.data(withJSONObject: AuditGuideTests.guide())
        let good = #"{"description": "Our checklist", "audit_guides": {"our-app": \#(String(decoding: guide, as: UTF8.self))}}"#
        try Data(good.utf8).write(to: folder.appendingPathComponent("our-checklist.json"))
        let broken = good.replacingOccurrences(of: "\"30s\"", with: "\"later\"")
        try Data(broken.utf8).write(to: folder.appendingPathComponent("broken-checklist.json"))
        var options = ServerOptions()
        options.scenarios = folder

        try Data(#"{"description": "Named as built in", "audit_guides": {"iql-offer": {}}}"#.utf8)
            .write(to: folder.appendingPathComponent("taken.json"))
        XCTAssertThrowsError(try TestPlatform.makeResponder(options: options)) { error in
            XCTAssertTrue("\(error)".contains("audit_guides: iql-offer must be lower-case kebab-case and not a built-in guide's name"), "\(error)")
        }
        try FileManager.default.removeItem(at: folder.appendingPathComponent("taken.json"))

        try await TestPlatform.run(options: options) { platform in
            let applied = try await platform.send(.post, "/_mock/scenarios/our-checklist/apply")
            XCTAssertEqual(applied.status, .ok, applied.text)
            let stored = try await platform.send(.get, "/_mock/audit/guides/our-app")
            XCTAssertEqual(stored.status, .ok, stored.text)

            let refused = try await platform.send(.post, "/_mock/scenarios/broken-checklist/apply")
            XCTAssertEqual(refused.status, .badRequest, refused.text)
            XCTAssertTrue(refused.text.contains("audit guide our-app: rules[0] (ad-unit-fetched).within must be a duration"), refused.text)
        }
    }
}
