import HTTPTypes
@testable import MockPlatform
@testable import MockPlatformKit
import XCTest

/// `RouteCatalog`: which methods a concrete path answers.
final class RouteCatalogTests: XCTestCase {
    private func catalog() -> RouteCatalog {
        var catalog = RouteCatalog()
        for (method, path) in [
            (HTTPRequest.Method.get, "/iql/v1/driver/{driver_id}/info"), (.put, "/iql/v1/driver/{driver_id}/info"),
            (.get, "/_mock/openapi/{name}.yaml"), (.get, "/_mock/openapi"), (.get, "/files/v{version}"),
        ] {
            catalog.add(method: method, path: path, operation: RouteOperation(
                id: "\(method.rawValue) \(path)", handler: { _, _, _ in throw APIError.internal }, rule: nil, nullShape: nil,
                parameters: ParameterIndex(document: try! SpecDocument(yaml: "paths: {}"))
            ))
        }
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
        XCTAssertEqual(catalog.match("/iql/v1/driver/d1/info").methods, [.get, .put])
        XCTAssertEqual(catalog.match("/iql/v1/driver/d1/info/").methods, [.get, .put], "trailing slash")
        XCTAssertEqual(catalog.match("/iql/v1/driver/user%40example.com/info").methods, [.get, .put])
        XCTAssertEqual(catalog.match("/_mock/openapi").methods, [.get])
        XCTAssertEqual(catalog.match("/_mock/openapi/iql.yaml").methods, [.get])
        XCTAssertEqual(catalog.match("/files/v2").methods, [.get])
    }

    /// The operation for a method, and its path parameters under the spec's names, as sent
    /// (percent-encoded, a template's prefix or suffix taken off).
    func testOperationsAndTheirPathParameters() throws {
        let catalog = catalog()
        let driver = catalog.match("/iql/v1/driver/user%40example.com/info")
        XCTAssertEqual(try XCTUnwrap(driver.operation(for: .put)).id, "PUT /iql/v1/driver/{driver_id}/info")
        XCTAssertEqual(driver.parameters, ["driver_id": "user%40example.com"])
        XCTAssertEqual(catalog.match("/_mock/openapi/iql.yaml").parameters, ["name": "iql"])
        XCTAssertEqual(catalog.match("/files/v2").parameters, ["version": "2"])
        XCTAssertEqual(catalog.match("/_mock/openapi").parameters, [:])
        XCTAssertNil(catalog.match("/_mock/openapi").operation(for: .post))
        XCTAssertNil(catalog.match("/nowhere").operation(for: .get))
    }

    /// The front door takes the first template that matches a path, so no two served templates
    /// may match the same path: at each position two literals differ, or a literal does not fit
    /// the other's parameter.
    func testNoTwoServedTemplatesMatchOnePath() async throws {
        try await TestPlatform.run { platform in
            let templates = platform.routes.templates
            for (i, a) in templates.enumerated() {
                for b in templates[(i + 1)...] where a.parsed.count == b.parsed.count {
                    let apart = zip(a.parsed, b.parsed).contains { x, y in
                        switch (x, y) {
                        case (.literal(let l), .literal(let m)): l != m
                        case (.literal(let l), .parameter): !y.matches(l)
                        case (.parameter, .literal(let m)): !x.matches(m)
                        case (.parameter, .parameter): false
                        }
                    }
                    XCTAssertTrue(apart, "\(a.path) and \(b.path) can match the same path")
                }
            }
            XCTAssertGreaterThan(templates.count, 70)
        }
    }

    /// An empty parameter is an empty segment: `//` or a trailing `/` where the template has a
    /// parameter; a slash carrying a combining mark is not one.
    func testEmptyParameters() {
        let catalog = catalog()
        XCTAssertTrue(catalog.hasEmptyParameter("/iql/v1/driver//info", method: .get))
        XCTAssertFalse(catalog.hasEmptyParameter("/iql/v1/driver//info", method: .post))
        XCTAssertFalse(catalog.hasEmptyParameter("/iql/v1/driver/d1/info", method: .get))
        XCTAssertFalse(catalog.hasEmptyParameter("/iql/v1/driver//\u{301}d1/info", method: .get))
    }

    func testPathsThatMatchNoRoute() {
        let catalog = catalog()
        for path in ["/", "/iql/v1/driver/d1", "/iql/v1/driver//info", "/iql/v1/driver/d1/info/x", "/iql/v2/driver/d1/info",
                     "/_mock/openapi/.yaml", "/_mock/openapi/iql.json", "/_mock/openapi/iql", "/files/v", "/files/x2"] {
            XCTAssertEqual(catalog.match(path).methods, [], path)
        }
    }
}
