import Foundation
import HTTPTypes
@testable import MockPlatform
import XCTest

/// Request handling shared by every IQL route (`openapi/iql.yaml` conventions): auth, unknown
/// routes, 405, body limits and media types, malformed bodies, check order, trailing slashes,
/// `driver_id`, tenants.
final class IQLRequestHandlingTests: XCTestCase {
    private static let info = "/iql/v1/driver/d1/info"
    private static var valid: [String: Any] { ["country": "USA", "state": "AZ"] }

    // MARK: - Auth

    func testMissingAuthorizationIs401OnEveryImplementedRoute() async throws {
        try await TestPlatform.run { platform in
            try await platform.createDriver("d1")
            let routes: [(HTTPRequest.Method, String, [String: Any]?)] = [
                (.put, Self.info, Self.valid),
                (.get, Self.info, nil),
                (.get, "/iql/v1/driver/d1/status", nil),
                (.post, "/iql/v1/supported_state_details", ["country_code": "USA", "state_code": "AZ", "current_insurer": ""]),
                (.get, "/iql/v1/locations", nil),
            ]
            for (method, path, json) in routes {
                assertIQLError(
                    try await platform.iql(method, path, authorization: nil, json: json), .unauthorized, "missing api key"
                )
            }
        }
    }

    func testAnotherSchemeIsRefused() async throws {
        try await TestPlatform.run { platform in
            for value in ["Bearer mock-api-key", "Basic bW9jay1hcGkta2V5", "mock-api-key", "APIKEY:mock-api-key", "Token mock-api-key", "APIKEY", "APIKEYmock-api-key"] {
                assertIQLError(
                    try await platform.iql(.get, "/iql/v1/locations", authorization: value), .unauthorized,
                    "Authorization header must be 'APIKEY <key>'"
                )
            }
        }
    }

    func testSchemeIsCaseInsensitive() async throws {
        try await TestPlatform.run { platform in
            for scheme in ["APIKEY", "apikey", "ApiKey", "aPiKeY", "API\u{212A}EY"] {
                let reply = try await platform.iql(.get, "/iql/v1/locations", authorization: "\(scheme) mock-api-key")
                XCTAssertEqual(reply.status, .ok, "\(scheme): \(reply.text)")
            }
        }
    }

    func testKeyIsCaseSensitiveAndMustBeInTheList() async throws {
        try await TestPlatform.run { platform in
            for key in ["MOCK-API-KEY", "Mock-Api-Key", "wrong", "mock-api-key2", "mock-api-ke"] {
                assertIQLError(
                    try await platform.iql(.get, "/iql/v1/locations", authorization: "APIKEY \(key)"), .unauthorized, "invalid api key"
                )
            }
        }
    }

    func testBareAPIKEYHeaderIsNotAcceptedOutsideImageAndLogo() async throws {
        try await TestPlatform.run { platform in
            let reply = try await platform.send(.get, "/iql/v1/locations", headers: [HTTPField.Name("APIKEY")!: "mock-api-key"])
            assertIQLError(reply, .unauthorized, "missing api key")
        }
    }

    func testEveryKeyOfTheTenantListIsAcceptedAndNoOther() async throws {
        let fixtures = TestPlatform.fixtures { $0.apiKeys = ["key-one", "key-two"] }
        try await TestPlatform.run(fixtures: fixtures) { platform in
            for key in ["key-one", "key-two"] {
                let reply = try await platform.iql(.get, "/iql/v1/locations", authorization: "APIKEY \(key)")
                XCTAssertEqual(reply.status, .ok, "\(key): \(reply.text)")
            }
            assertIQLError(
                try await platform.iql(.get, "/iql/v1/locations", authorization: "APIKEY mock-api-key"), .unauthorized,
                "invalid api key"
            )
            assertIQLError(
                try await platform.iql(.get, "/t/x/iql/v1/locations", authorization: "APIKEY mock-api-key"), .unauthorized,
                "invalid api key"
            )
            let reply1 = try await platform.iql(.get, "/t/x/iql/v1/locations", authorization: "APIKEY key-two")
            XCTAssertEqual(reply1.status, .ok)
        }
    }

    // MARK: - Unknown routes and methods

    func testUnknownEndpointsAre404() async throws {
        try await TestPlatform.run { platform in
            for path in [
                "/iql/v1/nope", "/iql/v9/locations", "/iql/v2/locations", "/iql/v1/driver/d1", "/iql/v1/driver/d1/info/extra",
                "/iql/v1/drivers/d1/info", "/iql", "/iql/v1/location",
            ] {
                assertIQLError(try await platform.iql(.get, path), .notFound, "unknown endpoint")
            }
        }
    }

    func testBadTenantNamesAre404UnknownEndpoint() async throws {
        try await TestPlatform.run { platform in
            for tenant in ["Acme", "a_b", String(repeating: "a", count: 41), "a.b"] {
                assertIQLError(
                    try await platform.iql(.get, "/t/\(tenant)/iql/v1/locations"), .notFound, "unknown endpoint"
                )
            }
            let reply2 = try await platform.iql(.get, "/t/\(String(repeating: "a", count: 40))/iql/v1/locations")
            XCTAssertEqual(reply2.status, .ok)
            let reply3 = try await platform.iql(.get, "/t/a-1/iql/v1/locations")
            XCTAssertEqual(reply3.status, .ok)
        }
    }

    func testWrongMethodIs405WithAllow() async throws {
        try await TestPlatform.run { platform in
            assertMethodNotAllowed(try await platform.iql(.delete, Self.info), allow: ["GET", "PUT"])
            assertMethodNotAllowed(try await platform.iql(.post, Self.info, json: Self.valid), allow: ["GET", "PUT"])
            assertMethodNotAllowed(try await platform.iql(.patch, Self.info, json: Self.valid), allow: ["GET", "PUT"])
            assertMethodNotAllowed(try await platform.iql(.put, "/iql/v1/driver/d1/status", json: Self.valid), allow: ["GET"])
            assertMethodNotAllowed(try await platform.iql(.get, "/iql/v1/supported_state_details"), allow: ["POST"])
            assertMethodNotAllowed(try await platform.iql(.put, "/iql/v1/locations", json: [String: Any]()), allow: ["GET"])
            assertMethodNotAllowed(try await platform.iql(.delete, Self.info + "/"), allow: ["GET", "PUT"])
            assertMethodNotAllowed(try await platform.iql(.delete, "/t/x" + Self.info), allow: ["GET", "PUT"])
        }
    }

    // MARK: - Bodies

    func testBodyOverOneMebibyteIs413() async throws {
        try await TestPlatform.run { platform in
            let prefix = #"{"country":"USA","state":"AZ"}"#
            let exact = prefix + String(repeating: " ", count: 1_048_576 - prefix.utf8.count)
            XCTAssertEqual(exact.utf8.count, 1_048_576)
            let accepted = try await platform.iqlRaw(.put, Self.info, body: exact, headers: [.contentType: "application/json"])
            XCTAssertEqual(accepted.status, .ok, "exactly 1 MiB is allowed: \(accepted.text)")

            let over = exact + " "
            assertIQLError(
                try await platform.iqlRaw(.put, Self.info, body: over, headers: [.contentType: "application/json"]),
                .contentTooLarge, "request body exceeds 1048576 bytes"
            )
            assertIQLError(
                try await platform.iqlRaw(.post, "/iql/v1/supported_state_details", body: over, headers: [.contentType: "application/json"]),
                .contentTooLarge, "request body exceeds 1048576 bytes"
            )
        }
    }

    func testOtherMediaTypesAre415() async throws {
        try await TestPlatform.run { platform in
            let body = #"{"country":"USA","state":"AZ"}"#
            for type in ["text/plain", "application/xml", "application/x-www-form-urlencoded", "application/jsonp", "text/json"] {
                assertIQLError(
                    try await platform.iqlRaw(.put, Self.info, body: body, headers: [.contentType: type]),
                    .unsupportedMediaType, "Content-Type must be application/json"
                )
            }
            assertIQLError(
                try await platform.iqlRaw(.post, "/iql/v1/supported_state_details", body: "{}", headers: [.contentType: "text/plain"]),
                .unsupportedMediaType, "Content-Type must be application/json"
            )
            let reply4 = try await platform.iql(.get, Self.info)
            XCTAssertEqual(reply4.status, .notFound, "a refused PUT stores nothing")
        }
    }

    func testJSONMediaTypeWithParametersOrNoContentTypeIsAccepted() async throws {
        try await TestPlatform.run { platform in
            let body = #"{"country":"USA","state":"AZ"}"#
            for headers: HTTPFields in [
                [.contentType: "application/json; charset=utf-8"],
                [.contentType: "Application/JSON"],
                [:],
            ] {
                let reply = try await platform.iqlRaw(.put, Self.info, body: body, headers: headers)
                XCTAssertEqual(reply.status, .ok, "\(headers): \(reply.text)")
            }
        }
    }

    func testContentUnderscoreTypeHeaderIsIgnored() async throws {
        try await TestPlatform.run { platform in
            let underscore = HTTPField.Name("Content_Type")!
            let reply = try await platform.iqlRaw(.put, Self.info, body: #"{"country":"USA","state":"AZ"}"#, headers: [underscore: "text/plain"])
            XCTAssertEqual(reply.status, .ok, reply.text)
        }
    }

    func testMalformedJSONIs400() async throws {
        try await TestPlatform.run { platform in
            for body in ["{", "{\"country\": \"USA\" \"state\": \"AZ\"}", "country=USA", "{'country': 'USA'}", "\u{FEFF}nope"] {
                assertIQLError(
                    try await platform.iqlRaw(.put, Self.info, body: body, headers: [.contentType: "application/json"]),
                    .badRequest, "malformed JSON body"
                )
            }
            assertIQLError(
                try await platform.iqlRaw(.post, "/iql/v1/supported_state_details", body: "{", headers: [:]),
                .badRequest, "malformed JSON body"
            )
        }
    }

    func testNonObjectBodyIs400() async throws {
        try await TestPlatform.run { platform in
            for body in ["[]", "[{\"country\":\"USA\",\"state\":\"AZ\"}]", "\"USA\"", "42", "true", "null"] {
                assertIQLError(
                    try await platform.iqlRaw(.put, Self.info, body: body, headers: [.contentType: "application/json"]),
                    .badRequest, "request body must be a JSON object"
                )
            }
            assertIQLError(
                try await platform.iqlRaw(.post, "/iql/v1/supported_state_details", body: "[]", headers: [:]),
                .badRequest, "request body must be a JSON object"
            )
        }
    }

    func testEmptyPutBodyReadsAsAnEmptyObject() async throws {
        try await TestPlatform.run { platform in
            assertIQLError(try await platform.iqlRaw(.put, Self.info, body: nil), .badRequest, "country is required")
        }
    }

    // MARK: - Check order: 401 → 405 → 413 → 415 → 400 malformed → driver_id → field rules

    func testAuthComesBeforeEverything() async throws {
        try await TestPlatform.run { platform in
            let huge = String(repeating: " ", count: 1_048_577)
            let cases: [(HTTPRequest.Method, String, String?, HTTPFields)] = [
                (.delete, Self.info, nil, [:]), // would be 405
                (.put, Self.info, huge, [.contentType: "text/plain"]), // would be 413
                (.put, Self.info, "{}", [.contentType: "text/plain"]), // would be 415
                (.put, Self.info, "{", [:]), // would be malformed
                (.put, "/iql/v1/driver/\(String(repeating: "a", count: 257))/info", "{}", [:]), // would be too long
                (.get, "/iql/v1/driver/nobody/info", nil, [:]), // would be 404
            ]
            for (method, path, body, headers) in cases {
                assertIQLError(
                    try await platform.iql(method, path, authorization: nil, body: body, headers: headers), .unauthorized, "missing api key"
                )
                assertIQLError(
                    try await platform.iql(method, path, authorization: "APIKEY nope", body: body, headers: headers), .unauthorized,
                    "invalid api key"
                )
            }
        }
    }

    func testMethodNotAllowedComesBeforeBodyChecks() async throws {
        try await TestPlatform.run { platform in
            let huge = String(repeating: " ", count: 1_048_577)
            for (body, headers) in [(huge, HTTPFields()), ("{}", [.contentType: "text/plain"]), ("{", [:])] as [(String, HTTPFields)] {
                assertMethodNotAllowed(try await platform.iqlRaw(.post, "/iql/v1/locations", body: body, headers: headers), allow: ["GET"])
            }
        }
    }

    func testTooLargeComesBeforeMediaType() async throws {
        try await TestPlatform.run { platform in
            let huge = "{" + String(repeating: " ", count: 1_048_577)
            assertIQLError(
                try await platform.iqlRaw(.put, Self.info, body: huge, headers: [.contentType: "text/plain"]),
                .contentTooLarge, "request body exceeds 1048576 bytes"
            )
        }
    }

    func testMediaTypeComesBeforeMalformedJSON() async throws {
        try await TestPlatform.run { platform in
            assertIQLError(
                try await platform.iqlRaw(.put, Self.info, body: "{", headers: [.contentType: "text/plain"]),
                .unsupportedMediaType, "Content-Type must be application/json"
            )
        }
    }

    func testMalformedJSONComesBeforeDriverIDAndFieldRules() async throws {
        try await TestPlatform.run { platform in
            let long = String(repeating: "a", count: 257)
            assertIQLError(
                try await platform.iqlRaw(.put, "/iql/v1/driver/\(long)/info", body: "{", headers: [:]), .badRequest, "malformed JSON body"
            )
            assertIQLError(
                try await platform.iqlRaw(.put, "/iql/v1/driver/\(long)/info", body: "[]", headers: [:]), .badRequest,
                "request body must be a JSON object"
            )
        }
    }

    func testDriverIDLengthComesBeforeFieldRules() async throws {
        try await TestPlatform.run { platform in
            let long = String(repeating: "a", count: 257)
            assertIQLError(
                try await platform.iql(.put, "/iql/v1/driver/\(long)/info", json: ["country": 1]), .badRequest, "driver_id is too long"
            )
        }
    }

    // MARK: - Trailing slashes

    func testTrailingSlashesAreAcceptedOnEveryRoute() async throws {
        try await TestPlatform.run { platform in
            try await platform.freezeClock(at: "2024-06-03T12:00:00Z")
            let put = try await platform.iql(.put, Self.info + "/", json: Self.valid)
            XCTAssertEqual(put.status, .ok, put.text)
            let get = try await platform.iql(.get, Self.info)
            XCTAssertEqual(get.status, .ok, "the trailing slash is not part of the id")
            XCTAssertEqual(try get.json()["driver_id"] as? String, "d1")
            let slashed = try await platform.iql(.get, Self.info + "/").json()
            XCTAssertEqual(slashed["driver_id"] as? String, "d1")

            let status = try await platform.iql(.get, "/iql/v1/driver/d1/status/?start_date=2024-06-01")
            XCTAssertEqual(status.status, .ok, status.text)
            XCTAssertEqual(try status.json()["start_date"] as? String, "2024-06-01", "query kept after a trailing slash")

            let supported = try await platform.iql(
                .post, "/iql/v1/supported_state_details/", json: ["country_code": "USA", "state_code": "AZ", "current_insurer": ""]
            )
            XCTAssertEqual(supported.status, .ok, supported.text)
            let reply5 = try await platform.iql(.get, "/iql/v1/locations/")
            XCTAssertEqual(reply5.status, .ok)
            let reply6 = try await platform.iql(.get, "/t/x/iql/v1/locations/")
            XCTAssertEqual(reply6.status, .ok)
        }
    }

    // MARK: - driver_id

    func testPercentEncodedDriverIDsAreDecoded() async throws {
        try await TestPlatform.run { platform in
            let ids: [(encoded: String, decoded: String)] = [
                ("user%40example.com", "user@example.com"),
                ("a%20b", "a b"),
                ("caf%C3%A9", "café"),
                ("0-b", "0-b"),
                ("5f0c6c1e-2f7a-4b8e-9d1a-0c3e5a7b9d11", "5f0c6c1e-2f7a-4b8e-9d1a-0c3e5a7b9d11"),
            ]
            for id in ids {
                let put = try await platform.iql(.put, "/iql/v1/driver/\(id.encoded)/info", json: Self.valid)
                XCTAssertEqual(put.status, .ok, "\(id.encoded): \(put.text)")
                let get = try await platform.iql(.get, "/iql/v1/driver/\(id.encoded)/info")
                XCTAssertEqual(get.status, .ok, "\(id.encoded): \(get.text)")
                XCTAssertEqual(try get.json()["driver_id"] as? String, id.decoded)
                let status = try await platform.iql(.get, "/iql/v1/driver/\(id.encoded)/status")
                XCTAssertEqual(status.status, .ok, "\(id.encoded): \(status.text)")
                XCTAssertEqual(try status.json()["driver_id"] as? String, id.decoded)
            }
            // Encoded and literal spellings name the same driver.
            let literal = try await platform.iql(.get, "/iql/v1/driver/user@example.com/info")
            XCTAssertEqual(literal.status, .ok, literal.text)
            XCTAssertEqual(try literal.json()["driver_id"] as? String, "user@example.com")
            let encoded = try await platform.iql(.get, "/iql/v1/driver/%30-b/info")
            XCTAssertEqual(try encoded.json()["driver_id"] as? String, "0-b")
        }
    }

    func testDriverIDOf256CharactersIsAcceptedAnd257IsTooLong() async throws {
        try await TestPlatform.run { platform in
            let max = String(repeating: "a", count: 256)
            let reply7 = try await platform.iql(.put, "/iql/v1/driver/\(max)/info", json: Self.valid)
            XCTAssertEqual(reply7.status, .ok)
            let get = try await platform.iql(.get, "/iql/v1/driver/\(max)/info")
            XCTAssertEqual(try get.json()["driver_id"] as? String, max)
            let reply8 = try await platform.iql(.get, "/iql/v1/driver/\(max)/status")
            XCTAssertEqual(reply8.status, .ok)

            let long = max + "a"
            assertIQLError(try await platform.iql(.put, "/iql/v1/driver/\(long)/info", json: Self.valid), .badRequest, "driver_id is too long")
            assertIQLError(try await platform.iql(.get, "/iql/v1/driver/\(long)/info"), .badRequest, "driver_id is too long")
            assertIQLError(try await platform.iql(.get, "/iql/v1/driver/\(long)/status"), .badRequest, "driver_id is too long")
        }
    }

    func testDriverIDLengthCountsDecodedCharacters() async throws {
        try await TestPlatform.run { platform in
            // 256 "é", each three-plus bytes on the wire once percent-encoded.
            let max = String(repeating: "%C3%A9", count: 256)
            let put = try await platform.iql(.put, "/iql/v1/driver/\(max)/info", json: Self.valid)
            XCTAssertEqual(put.status, .ok, put.text)
            let get = try await platform.iql(.get, "/iql/v1/driver/\(max)/info")
            XCTAssertEqual(try get.json()["driver_id"] as? String, String(repeating: "é", count: 256))

            let long = String(repeating: "%C3%A9", count: 257)
            assertIQLError(try await platform.iql(.put, "/iql/v1/driver/\(long)/info", json: Self.valid), .badRequest, "driver_id is too long")
            assertIQLError(try await platform.iql(.get, "/iql/v1/driver/\(long)/info"), .badRequest, "driver_id is too long")
            let spaces = String(repeating: "%20", count: 257)
            assertIQLError(try await platform.iql(.get, "/iql/v1/driver/\(spaces)/status"), .badRequest, "driver_id is too long")
        }
    }

    func testDriverIDWithAnEncodedSlashIsRefused() async throws {
        try await TestPlatform.run { platform in
            let put = try await platform.iql(.put, "/iql/v1/driver/a%2Fb/info", json: Self.valid)
            XCTAssertEqual(put.status, .badRequest, put.text)
            XCTAssertEqual(put.iqlError?.hasPrefix("driver_id "), true, put.text)
            let get = try await platform.iql(.get, "/iql/v1/driver/a%2Fb/info")
            XCTAssertEqual(get.status, .badRequest, get.text)
        }
    }

    // MARK: - Tenants

    func testDriversAreIsolatedPerTenant() async throws {
        try await TestPlatform.run { platform in
            try await platform.createDriver("d1", tenantPrefix: "/t/acme")
            let reply9 = try await platform.iql(.get, "/t/acme/iql/v1/driver/d1/info")
            XCTAssertEqual(reply9.status, .ok)
            assertIQLError(try await platform.iql(.get, Self.info), .notFound, "invalid driver id")
            assertIQLError(try await platform.iql(.get, "/t/other/iql/v1/driver/d1/info"), .notFound, "invalid driver id")
            assertIQLError(try await platform.iql(.get, "/t/other/iql/v1/driver/d1/status"), .notFound, "invalid driver id")

            // The same id holds separate records in separate tenants.
            try await platform.iql(.put, Self.info, json: ["country": "USA", "state": "NY", "zipcode": "10118", "insurer": "GEICO"])
            try await platform.iql(.put, "/t/other" + Self.info, json: ["country": "USA", "state": "IL"])
            let root = try await platform.iql(.get, Self.info).json()
            let acme = try await platform.iql(.get, "/t/acme" + Self.info).json()
            let other = try await platform.iql(.get, "/t/other" + Self.info).json()
            XCTAssertEqual(root["state"] as? String, "NY")
            XCTAssertEqual(root["insurer"] as? String, "GEICO")
            XCTAssertEqual(acme["state"] as? String, "AZ")
            XCTAssertEqual(acme["zipcode"] as? String, "85004")
            XCTAssertTrue(acme["insurer"] is NSNull)
            XCTAssertEqual(other["state"] as? String, "IL")
            XCTAssertTrue(other["zipcode"] is NSNull)
        }
    }

    func testEachTenantHasItsOwnClock() async throws {
        try await TestPlatform.run { platform in
            try await platform.freezeClock(at: "2024-06-03T12:00:00Z")
            try await platform.freezeClock(at: "2024-01-10T08:00:00Z", tenantPrefix: "/t/x")
            try await platform.createDriver("d1")
            try await platform.createDriver("d1", tenantPrefix: "/t/x")
            let root = try await platform.iql(.get, "/iql/v1/driver/d1/status").json()
            XCTAssertEqual(root["end_date"] as? String, "2024-06-03")
            XCTAssertEqual(root["start_date"] as? String, "2023-12-06")
            let x = try await platform.iql(.get, "/t/x/iql/v1/driver/d1/status").json()
            XCTAssertEqual(x["end_date"] as? String, "2024-01-10")
            XCTAssertEqual(x["start_date"] as? String, "2023-07-14")
            // A start date valid for one tenant is in the future for the other.
            assertIQLError(
                try await platform.iql(.get, "/t/x/iql/v1/driver/d1/status?start_date=2024-06-01"), .badRequest,
                "start_date must not be in the future"
            )
        }
    }

    func testTenantErrorsUseTheIQLShape() async throws {
        try await TestPlatform.run { platform in
            assertIQLError(try await platform.iql(.get, "/t/x/iql/v1/nope"), .notFound, "unknown endpoint")
            assertIQLError(try await platform.iql(.get, "/t/x/iql/v1/locations", authorization: nil), .unauthorized, "missing api key")
        }
    }
}
