import HTTPTypes
@testable import MockPlatform
import XCTest

/// `RouteCatalog`: which methods a concrete path answers.
final class RouteCatalogTests: XCTestCase {
    private func catalog() -> RouteCatalog {
        var catalog = RouteCatalog()
        catalog.add(method: .get, path: "/iql/v1/driver/{driver_id}/info")
        catalog.add(method: .put, path: "/iql/v1/driver/{driver_id}/info")
        catalog.add(method: .get, path: "/_mock/openapi/{name}.yaml")
        catalog.add(method: .get, path: "/_mock/openapi")
        catalog.add(method: .get, path: "/files/v{version}")
        return catalog
    }

    func testRoutesAreMethodAndTemplateSorted() {
        XCTAssertEqual(catalog().routes, [
            "GET /_mock/openapi",
            "GET /_mock/openapi/{name}.yaml",
            "GET /files/v{version}",
            "GET /iql/v1/driver/{driver_id}/info",
            "PUT /iql/v1/driver/{driver_id}/info",
        ])
        XCTAssertEqual(RouteCatalog().routes, [])
    }

    func testMethodsForConcretePaths() {
        let catalog = catalog()
        XCTAssertEqual(catalog.methods(for: "/iql/v1/driver/d1/info"), [.get, .put])
        XCTAssertEqual(catalog.methods(for: "/iql/v1/driver/d1/info/"), [.get, .put], "trailing slash")
        XCTAssertEqual(catalog.methods(for: "/iql/v1/driver/user%40example.com/info"), [.get, .put])
        XCTAssertEqual(catalog.methods(for: "/_mock/openapi"), [.get])
        XCTAssertEqual(catalog.methods(for: "/_mock/openapi/iql.yaml"), [.get])
        XCTAssertEqual(catalog.methods(for: "/files/v2"), [.get])
    }

    func testPathsThatMatchNoRoute() {
        let catalog = catalog()
        for path in ["/", "/iql/v1/driver/d1", "/iql/v1/driver//info", "/iql/v1/driver/d1/info/x", "/iql/v2/driver/d1/info",
                     "/_mock/openapi/.yaml", "/_mock/openapi/iql.json", "/_mock/openapi/iql", "/files/v", "/files/x2"] {
            XCTAssertEqual(catalog.methods(for: path), [], path)
        }
    }
}
