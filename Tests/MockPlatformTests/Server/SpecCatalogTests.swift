@testable import MockPlatform
@testable import MockPlatformKit
@testable import MockPlatformRuntime
import XCTest

/// `SpecCatalog`: documents read ahead are the ones read on demand, and a name the catalog does
/// not hold is refused either way.
final class SpecCatalogTests: XCTestCase {
    private let catalog = SpecCatalog(documents: [
        "a": "openapi: 3.1.0\npaths:\n  /a:\n    get:\n      operationId: getA\n",
        "b": "openapi: 3.1.0\npaths:\n  /b:\n    post:\n      operationId: postB\n",
    ])

    func testDocumentsReadAheadAreThoseReadOnDemand() throws {
        for catalog in [catalog, try catalog.reading()] {
            let documents = try catalog.readDocuments(named: ["b", "a"])
            XCTAssertEqual(documents.map { $0.operationID(method: .post, path: "/b") }, ["postB", nil])
            XCTAssertEqual(documents.map { $0.operationID(method: .get, path: "/a") }, [nil, "getA"])
        }
    }

    func testANameTheCatalogDoesNotHoldIsRefused() throws {
        for catalog in [catalog, try catalog.reading()] {
            XCTAssertThrowsError(try catalog.readDocuments(named: ["a", "c"])) { error in
                XCTAssertEqual((error as? StartupError)?.description, "no spec named c")
            }
        }
    }
}
