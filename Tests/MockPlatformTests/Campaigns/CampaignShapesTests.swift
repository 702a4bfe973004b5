@testable import MockCampaigns
@testable import MockPlatform
@testable import MockPlatformKit
import XCTest

/// `CampaignShapes`: authored campaigns are checked against the schemas of the campaigns.yaml the
/// server is built with, so the document and the check cannot drift apart.
final class CampaignShapesTests: XCTestCase {
    private func bundledDocument() throws -> JSONValue {
        try BundledSpecIndex.tree(named: "campaigns")
    }

    func testTheBundledDocumentIsRead() throws {
        XCTAssertNoThrow(try CampaignShapes.bundled.get())
        XCTAssertNoThrow(try CampaignsModule(), "the start reads them")
    }

    func testAChangedSchemaChangesTheCheck() throws {
        let tree = try bundledDocument()
        let strict = try XCTUnwrap(tree.setting(
            path: "components.schemas.Campaign.properties.title", to: .object(["type": .string("string"), "minLength": .string("1")])
        ))
        let campaign: JSONValue = .object([
            "variant_id": .integer(1), "hash_id": .string("h"), "type": .string("Walkthrough"), "title": .string(""),
        ])
        let walkthrough: JSONValue = .object([
            "type": .string("walkthrough"), "is_loop_enabled": .bool(false), "are_indicators_visible": .bool(true),
            "campaign": campaign, "pages": .array([.object([:])]),
        ])
        XCTAssertEqual(try CampaignShapes(document: tree).walkthrough.problem(with: walkthrough), "payload.pages[0].index is required")
        XCTAssertEqual(try CampaignShapes(document: strict).walkthrough.problem(with: walkthrough), "payload.campaign.title must not be empty")
    }

    func testAuthoringMayLeaveOutWhatTheServerFillsIn() throws {
        let shapes = try CampaignShapes(document: try bundledDocument())
        XCTAssertNil(shapes.silentAps.problem(with: .object([:])), "content-available is set by the server")
        XCTAssertEqual(shapes.silentAps.problem(with: .object(["content-available": .integer(0)])), "payload.content-available must be an integer equal to 1")
        XCTAssertEqual(shapes.silentAps.problem(with: .object(["sound": .string("a")])), "payload.sound is not allowed")
    }

    func testASchemaTheCheckerCannotFollowStopsTheRead() throws {
        let tree = try XCTUnwrap(try bundledDocument().setting(path: "components.schemas.Page.properties.index.multipleOf", to: .string("2")))
        XCTAssertThrowsError(try CampaignShapes(document: tree)) { error in
            XCTAssertTrue("\(error)".contains("#/components/schemas/Page/properties/index: cannot check the keyword multipleOf"), "\(error)")
        }
    }
}
