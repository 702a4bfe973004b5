import Foundation
import HTTPTypes
@testable import MockPlatform
import XCTest

/// `/_mock/health`, `/_mock/ready`, `/_mock/openapi`, `/_mock/openapi/{name}.yaml`
/// (`openapi/control.yaml` getHealth, getReady, listSpecs, getSpec).
final class ServerEndpointTests: XCTestCase {
    func testHealthAndReady() async throws {
        try await TestPlatform.run { platform in
            for prefix in ["", "/t/ci-1"] {
                let health = try await platform.send(.get, "\(prefix)/_mock/health")
                XCTAssertEqual(health.status, .ok)
                XCTAssertEqual(health.headers[.contentType]?.hasPrefix("application/json"), true)
                health.assertJSON(["status": "ok"])
                let ready = try await platform.send(.get, "\(prefix)/_mock/ready/")
                XCTAssertEqual(ready.status, .ok)
                ready.assertJSON(["status": "ready"])
            }
        }
    }

    func testHealthNeedsNoKeyAndRefusesOtherMethods() async throws {
        try await TestPlatform.run { platform in
            let reply = try await platform.send(.post, "/_mock/health", json: [String: Any]())
            reply.assertProblem(.methodNotAllowed, "method POST is not allowed")
            XCTAssertEqual(reply.headers[.allow], "GET")
        }
    }

    func testSpecListNamesTheServedDocuments() async throws {
        try await TestPlatform.run { platform in
            let reply = try await platform.send(.get, "/_mock/openapi")
            XCTAssertEqual(reply.status, .ok, reply.text)
            let body = try reply.json()
            XCTAssertEqual(Array(body.keys), ["specs"])
            let names = try XCTUnwrap(body["specs"] as? [String])
            for name in ["control", "iql", "publisher"] {
                XCTAssertTrue(names.contains(name), "\(names)")
            }
            XCTAssertEqual(Set(names).count, names.count, "no name twice")
            for name in names {
                let spec = try await platform.send(.get, "/_mock/openapi/\(name).yaml")
                XCTAssertEqual(spec.status, .ok, "\(name): \(spec.text.prefix(200))")
                XCTAssertTrue(spec.text.hasPrefix("openapi: 3."), name)
            }
        }
    }

    /// Each served document is the file in `openapi/`, byte for byte but for its `servers`,
    /// which name the base the request used.
    func testServedSpecsAreTheFilesOnDiskUnderTheRequestsBase() async throws {
        try await TestPlatform.run { platform in
            let host: HTTPFields = [HTTPField.Name("X-Forwarded-Host")!: "mock.test:9000"]
            for name in ["iql", "publisher", "control"] {
                let reply = try await platform.send(.get, "/_mock/openapi/\(name).yaml", headers: host)
                XCTAssertEqual(reply.status, .ok)
                XCTAssertEqual(reply.headers[.contentType]?.hasPrefix("application/yaml"), true, "\(reply.headers)")
                let disk = String(decoding: try RepositoryFiles.data("openapi/\(name).yaml"), as: UTF8.self)
                XCTAssertEqual(reply.text, disk.replacingOccurrences(
                    of: "\n  - url: http://localhost:8080", with: "\n  - url: http://mock.test:9000"
                ), "\(name).yaml differs from openapi/\(name).yaml but for its servers")
                XCTAssertTrue(reply.text.contains("\n  - url: http://mock.test:9000/t/{tenant}\n"), name)
            }
            let iql = try await platform.send(.get, "/_mock/openapi/iql.yaml", headers: host).text
            XCTAssertTrue(iql.contains("logo_url: http://localhost:8080/iql/v2/"), "examples are left as written")
            // The same documents for every tenant.
            let tenant = try await platform.send(.get, "/t/ci-1/_mock/openapi/iql.yaml", headers: host)
            XCTAssertEqual(tenant.text, iql)
        }
    }

    func testUnknownSpecIsAProblem404() async throws {
        try await TestPlatform.run { platform in
            let unknown = try await platform.send(.get, "/_mock/openapi/payments.yaml")
            unknown.assertProblem(.notFound, "no spec named payments")
            for path in ["/_mock/openapi/iql.json", "/_mock/openapi/.yaml", "/_mock/openapi/iql.yaml/extra", "/_mock/nothing"] {
                let reply = try await platform.send(.get, path)
                XCTAssertEqual(reply.status, .notFound, path)
                XCTAssertEqual(reply.headers[.contentType], "application/problem+json", path)
                let body = try reply.json()
                XCTAssertEqual(Set(body.keys), ["type", "title", "status", "detail"], path)
                XCTAssertEqual(body["status"] as? Int, 404, path)
                XCTAssertEqual(body["title"] as? String, "Not Found", path)
            }
        }
    }
}
