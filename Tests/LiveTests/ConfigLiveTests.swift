import Foundation
import XCTest

/// The tenant config (`openapi/control.yaml` patchConfig) against the real binary over HTTP.
final class ConfigLiveTests: XCTestCase {
    func testPatchedAPIKeysReplaceTheOldOnes() async throws {
        let server = try LiveServer()
        let patch = try await server.request("PATCH", "/_mock/config", headers: ["Content-Type": "application/json"],
                                             body: #"{"api_keys":["live-key"]}"#)
        XCTAssertEqual(patch.status, 200, String(decoding: patch.body, as: UTF8.self))
        XCTAssertEqual(try patch.json()["api_keys"] as? [String], ["live-key"])

        let allowed = try await server.request("GET", "/iql/v1/locations", headers: ["Authorization": "APIKEY live-key"])
        XCTAssertEqual(allowed.status, 200)
        let refused = try await server.request("GET", "/iql/v1/locations", headers: ["Authorization": "APIKEY mock-api-key"])
        XCTAssertEqual(refused.status, 401)
        XCTAssertEqual(try refused.json()["error"] as? String, "invalid api key")

        let unknown = try await server.request("PATCH", "/_mock/config", headers: ["Content-Type": "application/json"],
                                               body: #"{"api_key":["x"]}"#)
        XCTAssertEqual(unknown.status, 400)
        XCTAssertEqual(try unknown.json()["detail"] as? String, "unknown setting api_key (did you mean api_keys?)")
        XCTAssertEqual(try server.stop(), 0)
    }
}
