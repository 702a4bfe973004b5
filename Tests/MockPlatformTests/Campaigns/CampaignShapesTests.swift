@testable import MockPlatform
import XCTest

/// `CampaignShapes`: authored campaigns are checked against the schemas of the campaigns.yaml the
/// server is built with, so the document and the check cannot drift apart.
final class CampaignShapesTests: XCTestCase {
    private func bundledDocument() throws -> JSONValue {
        try XCTUnwrap(BundledSpecIndex.tree(named: "campaigns"))
    }

    private func message(_ shape: PayloadShape, _ value: JSONValue) -> String? {
        let result = Result { () throws(APIError) in try shape.check(value, at: "payload") }
        guard case .failure(let error) = result else { return nil }
        return error.message
    }

    func testTheBundledDocumentIsRead() throws {
        XCTAssertNoThrow(try CampaignShapes(document: try bundledDocument()))
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
        XCTAssertEqual(message(try CampaignShapes(document: tree).walkthrough, walkthrough), "payload.pages[0].index is required")
        XCTAssertEqual(message(try CampaignShapes(document: strict).walkthrough, walkthrough), "payload.campaign.title must not be empty")
    }

    func testAuthoringMayLeaveOutWhatTheServerFillsIn() throws {
        let shapes = try CampaignShapes(document: try bundledDocument())
        XCTAssertNil(message(shapes.silentAps, .object([:])), "content-available is set by the server")
        XCTAssertEqual(message(shapes.silentAps, .object(["content-available": .integer(0)])), "payload.content-available must be an integer equal to 1")
        XCTAssertEqual(message(shapes.silentAps, .object(["sound": .string("a")])), "payload.sound is not allowed")
    }

    func testASchemaTheCheckerCannotFollowStopsTheRead() throws {
        let tree = try XCTUnwrap(try bundledDocument().setting(path: "components.schemas.Page.properties.index.multipleOf", to: .string("2")))
        XCTAssertThrowsError(try CampaignShapes(document: tree)) { error in
            XCTAssertTrue("\(error)".contains("#/components/schemas/Page/properties/index: cannot check the keyword multipleOf"), "\(error)")
        }
    }
}
