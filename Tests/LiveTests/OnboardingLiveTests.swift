import Foundation
import XCTest

/// The onboarding calls a publisher backend makes first, against the real binary over HTTP.
final class OnboardingLiveTests: XCTestCase {
    private let auth = ["Authorization": "APIKEY mock-api-key", "Content-Type": "application/json"]

    func testDriverInfoRoundTripAuthAndZipRule() async throws {
        let server = try LiveServer()
        let put = try await server.request("PUT", "/iql/v1/driver/d1/info", headers: auth,
                                           body: #"{"country":"USA","state":"AZ","zipcode":"85004"}"#)
        XCTAssertEqual(put.status, 200)
        XCTAssertEqual(try put.json()["success"] as? String, "true")

        let get = try await server.request("GET", "/iql/v1/driver/d1/info", headers: auth)
        XCTAssertEqual(get.status, 200)
        XCTAssertEqual(try get.json()["zipcode"] as? String, "85004")
        XCTAssertEqual(try get.json()["state"] as? String, "AZ")

        let unauthenticated = try await server.request("PUT", "/iql/v1/driver/d1/info", headers: ["Content-Type": "application/json"],
                                                       body: #"{"country":"USA","state":"AZ","zipcode":"85004"}"#)
        XCTAssertEqual(unauthenticated.status, 401)
        XCTAssertEqual(try unauthenticated.json()["success"] as? String, "false")
        XCTAssertEqual(try unauthenticated.json()["error"] as? String, "missing api key")

        let mismatch = try await server.request("PUT", "/iql/v1/driver/d1/info", headers: auth,
                                                body: #"{"country":"USA","state":"AZ","zipcode":"10118"}"#)
        XCTAssertEqual(mismatch.status, 400)
        XCTAssertEqual(try mismatch.json()["error"] as? String, "zipcode 10118 belongs to NY, not AZ")
        XCTAssertEqual(try server.stop(), 0, "SIGTERM stops the server gracefully")
    }

    func testTenantsAreIsolatedAndResetIsPerTenant() async throws {
        let server = try LiveServer()
        let body = #"{"country":"USA","state":"AZ"}"#
        _ = try await server.request("PUT", "/iql/v1/driver/shared-id/info", headers: auth, body: body)
        let unseen = try await server.request("GET", "/t/ci-1/iql/v1/driver/shared-id/info", headers: auth)
        XCTAssertEqual(unseen.status, 404, "tenant ci-1 must not see default's driver")

        _ = try await server.request("PUT", "/t/ci-1/iql/v1/driver/ci-only/info", headers: auth, body: body)
        let reset = try await server.request("POST", "/t/ci-1/_mock/reset")
        XCTAssertEqual(reset.status, 200)
        let gone = try await server.request("GET", "/t/ci-1/iql/v1/driver/ci-only/info", headers: auth)
        XCTAssertEqual(gone.status, 404, "reset empties ci-1")
        let kept = try await server.request("GET", "/iql/v1/driver/shared-id/info", headers: auth)
        XCTAssertEqual(kept.status, 200, "resetting ci-1 leaves default untouched")
    }

    func testZipLookupInsurersAndFrozenClockOverTheWire() async throws {
        let server = try LiveServer()
        let zip = try await server.request("GET", "/publisher/v1/zipcodes/85004")
        XCTAssertEqual(zip.status, 200)
        XCTAssertEqual(try zip.json()["state_name"] as? String, "Arizona")
        let notAZip = try await server.request("GET", "/publisher/v1/zipcodes/00000")
        XCTAssertEqual(notAZip.status, 404)

        let insurers = try await server.request("GET", "/publisher/v1/insurers")
        XCTAssertEqual((try insurers.json()["insurers"] as? [String])?.last, "Other")

        let clock = try await server.request("POST", "/_mock/clock", headers: ["Content-Type": "application/json"],
                                             body: #"{"now":"2024-06-03T12:00:00Z"}"#)
        XCTAssertEqual(try clock.json()["now"] as? String, "2024-06-03T12:00:00.000Z")
        _ = try await server.request("PUT", "/iql/v1/driver/d1/info", headers: auth, body: #"{"country":"USA","state":"AZ"}"#)
        let status = try await server.request("GET", "/iql/v1/driver/d1/status", headers: auth)
        XCTAssertEqual(try status.json()["end_date"] as? String, "2024-06-03", "driverStatus reads the tenant clock")
        XCTAssertEqual(try status.json()["start_date"] as? String, "2023-12-06")
    }

    func testServedSpecsAreTheFilesInTheRepository() async throws {
        let server = try LiveServer()
        let list = try await server.request("GET", "/_mock/openapi")
        let names = try XCTUnwrap(try list.json()["specs"] as? [String])
        XCTAssertEqual(names, ["campaigns", "control", "iql", "loyalty", "publisher", "wallet"])
        for name in names {
            let served = try await server.request("GET", "/_mock/openapi/\(name).yaml")
            XCTAssertEqual(served.status, 200)
            let onDisk = String(decoding: try Data(contentsOf: LiveServer.repositoryRoot.appendingPathComponent("openapi/\(name).yaml")), as: UTF8.self)
            let base = server.baseURL.absoluteString.trimmingCharacters(in: CharacterSet(charactersIn: "/"))
            XCTAssertEqual(String(decoding: served.body, as: UTF8.self),
                           onDisk.replacingOccurrences(of: "\n  - url: http://localhost:8080", with: "\n  - url: \(base)"),
                           "\(name).yaml served differs from openapi/\(name).yaml but for its servers, which name the mock")
        }
    }

    func testEnvironmentVariablesConfigureTheServer() async throws {
        let server = try LiveServer(arguments: [], environment: ["MOCK_PLATFORM_PORT": "0", "MOCK_PLATFORM_PUBLIC_URL": ""])
        XCTAssertFalse(server.baseURL.absoluteString.hasSuffix(":8080"), "MOCK_PLATFORM_PORT=0 picks a free port")
        let health = try await server.request("GET", "/_mock/health")
        XCTAssertEqual(health.status, 200)
        let ready = try await server.request("GET", "/_mock/ready")
        XCTAssertEqual(ready.status, 200)
    }
}
