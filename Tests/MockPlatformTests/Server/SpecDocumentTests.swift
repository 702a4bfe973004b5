import HTTPTypes
@testable import MockPlatform
@testable import MockPlatformKit
@testable import MockPlatformRuntime
import XCTest

/// `SpecDocument`: documents parsed side by side come back in their order, a document that is
/// not one is refused, and the build's index of the bundled documents is what parsing them gives.
final class SpecDocumentTests: XCTestCase {
    private static func document(_ id: String) -> String {
        "openapi: 3.1.0\npaths:\n  /\(id):\n    get:\n      operationId: \(id)\n"
    }

    func testDocumentsComeBackInTheirOrder() throws {
        let ids = (0..<8).map { "op\($0)" }
        let parsed = try SpecDocument.parsing(ids.map(Self.document))
        XCTAssertEqual(zip(ids, parsed).map { id, document in document.operationID(method: .get, path: "/\(id)") }, ids)
    }

    func testADocumentThatIsNoMappingIsRefused() {
        XCTAssertThrowsError(try SpecDocument.parsing([Self.document("a"), "- a list\n- not a mapping\n", Self.document("b")])) { error in
            XCTAssertEqual((error as? StartupError)?.description, "OpenAPI document is not a YAML mapping")
        }
    }

    func testTheServedDocumentsParseAsOneByOne() throws {
        let specs = try SpecCatalog.bundled()
        let texts = try specs.names.map { try specs.document(named: $0) }
        let together = try SpecDocument.parsing(texts)
        for (text, document) in zip(texts, together) {
            let alone = try SpecDocument(yaml: text)
            XCTAssertEqual(Set(document.paths.keys), Set(alone.paths.keys))
            XCTAssertEqual(Set(document.schemas.keys), Set(alone.schemas.keys))
        }
    }

    /// Every bundled document is in the build's index (a document changed since the index was
    /// built would be parsed at each start), and its indexed tree is the parsed one.
    func testTheBuildIndexesEachBundledDocumentAsParsingItGives() throws {
        let specs = try SpecCatalog.bundled()
        XCTAssertEqual(specs.names.count, 6)
        for name in specs.names {
            let text = try specs.document(named: name)
            let indexed = try XCTUnwrap(BundledSpecIndex.tree(of: text), "\(name) is not in the build's index")
            XCTAssertEqual(indexed, try SpecDocument.parsedTree(of: text), name)
        }
        XCTAssertNil(BundledSpecIndex.tree(of: try specs.document(named: "iql") + "\n"))
    }
}
