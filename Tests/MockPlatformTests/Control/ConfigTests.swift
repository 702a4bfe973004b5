import Foundation
@testable import MockPlatform
@testable import MockPlatformKit
@testable import MockPlatformRuntime
import XCTest

/// The tenant config (`openapi/control.yaml` getConfig, patchConfig, TenantConfig) and the
/// settings it drives.
final class ConfigTests: XCTestCase {
    /// `GET /_mock/config` of a tenant made from the repository's fixtures.
    static var fixtureConfig: [String: Any] { [
        "api_keys": ["mock-api-key"],
        "publisher_app_name": "mock_app-prod",
        "qualification_push_message": "Yay! You qualified for a great offer.",
        "wallet_enabled": true,
        "wallet_pass_type_id": NSNull(),
        "publisher_app_id": "mock_app",
        "webhook_retry_profile": "standard",
        "webhook_timeout_ms": 10_000,
        "heartbeat_interval_hours": 24,
        "supported_state_details_enabled": true,
        "ios_bundle_id": NSNull(),
        "android_package": NSNull(),
        "excluded_states": [String](),
        "default_platform": "android",
        "default_trip_location": ["latitude": 33.4484, "longitude": -112.074],
        "disqualification_timestamp_unit": "s",
        "click_secret": "mock-click-secret",
        "engagement": [
            "preemptive_alert": [
                "enabled": true, "message": "Keep location access set to Always Allow so every trip counts.",
                "hours_android": 24, "hours_ios": 48,
            ],
            "trip-1": ["enabled": true, "message": "Great start! Your first trip has been recorded."],
            "opt_in_days": [
                "enabled": true, "message": "Keep driving to unlock your personalized insurance offer.", "days_list": [7],
            ],
            "permission_issue": [
                "enabled": true, "message": "Some permissions are off. Turn them back on so your trips are recorded.",
                "interval_in_days": 1, "number_of_times": 3,
            ],
            "inactivity": [
                "enabled": true, "message": "We haven't seen a trip in a while. Take a drive to keep your test drive going.",
                "inactivity_days": 3,
            ],
            "lost_user_engagement": [
                "enabled": true, "message": "We haven't heard from your app in a while. Open it to keep your test drive going.",
                "inactivity_days": 3,
            ],
            "no_click": [
                "enabled": true, "message": "Your insurance offer is waiting. Take a look before it expires.",
                "days_list": [1, 3, 7],
            ],
        ],
    ] }

    func testGetReturnsTheFixtureValues() async throws {
        try await TestPlatform.run { platform in
            let reply = try await platform.send(.get, "/_mock/config")
            XCTAssertEqual(reply.status, .ok, reply.text)
            XCTAssertEqual(reply.headers[.contentType], "application/json; charset=utf-8")
            reply.assertJSON(Self.fixtureConfig)
        }
    }

    func testPatchedAPIKeysAreCheckedAtOnce() async throws {
        try await TestPlatform.run { platform in
            let patch = try await platform.patchConfig(["api_keys": ["ci-key-1", "ci-key-2"]])
            XCTAssertEqual(try patch.json()["api_keys"] as? [String], ["ci-key-1", "ci-key-2"])
            let allowed = try await platform.iql(.get, "/iql/v1/locations", authorization: "APIKEY ci-key-2")
            XCTAssertEqual(allowed.status, .ok, allowed.text)
            assertIQLError(try await platform.iql(.get, "/iql/v1/locations"), .unauthorized, "invalid api key")
        }
    }

    func testWebhookRetryProfileRoundTrips() async throws {
        try await TestPlatform.run { platform in
            let fast = try await platform.patchConfig(["webhook_retry_profile": "fast"])
            XCTAssertEqual(try fast.json()["webhook_retry_profile"] as? String, "fast")
            let read = try await platform.send(.get, "/_mock/config")
            XCTAssertEqual(try read.json()["webhook_retry_profile"] as? String, "fast")
            let custom = try await platform.patchConfig(["webhook_retry_profile": [0, 250]])
            XCTAssertEqual(try custom.json()["webhook_retry_profile"] as? [Int], [0, 250])
        }
    }

    func testUnknownKeysAreNamedAndChangeNothing() async throws {
        try await TestPlatform.run { platform in
            let cases: [([String: Any], String)] = [
                (["api_keys": ["other"], "colour": "blue"], "unknown setting colour"),
                (["engagement": ["no_click": ["days_list": [2], "foo": 1]]], "unknown setting engagement.no_click.foo"),
                (["engagement": ["no_click": ["day_list": [2]]]],
                 "unknown setting engagement.no_click.day_list (did you mean engagement.no_click.days_list?)"),
                (["Click_Secret": "x"], "unknown setting Click_Secret (did you mean click_secret?)"),
                (["engagement": ["driving_engagement": ["enabled": true]]], "unknown setting engagement.driving_engagement"),
            ]
            for (body, detail) in cases {
                try await platform.send(.patch, "/_mock/config", json: body).assertProblem(.badRequest, detail)
            }
            try await platform.send(.get, "/_mock/config").assertJSON(Self.fixtureConfig)
        }
    }

    func testBadValuesNameTheKeyAndTheRule() async throws {
        try await TestPlatform.run { platform in
            let cases: [([String: Any], String)] = [
                (["api_keys": [String]()], "api_keys must be a non-empty list of non-empty strings"),
                (["api_keys": ["ok", ""]], "api_keys must be a non-empty list of non-empty strings"),
                (["publisher_app_name": ""], "publisher_app_name must be a non-empty string"),
                (["webhook_retry_profile": "slow"],
                 "webhook_retry_profile must be standard, fast or a list of 1 to 20 delays in milliseconds (0 to 86400000)"),
                (["webhook_timeout_ms": 0], "webhook_timeout_ms must be an integer between 1 and 60000"),
                (["heartbeat_interval_hours": 0], "heartbeat_interval_hours must be a number greater than 0 and at most 8760"),
                (["heartbeat_interval_hours": "24"], "heartbeat_interval_hours must be a number greater than 0 and at most 8760"),
                (["supported_state_details_enabled": NSNull()], "supported_state_details_enabled must be a boolean"),
                (["ios_bundle_id": "com example"], "ios_bundle_id must be null or a bundle id of letters, digits, . and -"),
                (["android_package": 7], "android_package must be null or a package name of letters, digits, . and _"),
                (["excluded_states": ["PR"]], "excluded_states must be a list of two-letter codes of the 50 states and DC"),
                (["default_platform": "web"], "default_platform must be ios or android"),
                (["default_trip_location": ["latitude": 91, "longitude": 0]],
                 "default_trip_location must be an object with only latitude (-90 to 90) and longitude (-180 to 180)"),
                (["disqualification_timestamp_unit": "us"], "disqualification_timestamp_unit must be s or ms"),
                (["click_secret": ""], "click_secret must be a non-empty string"),
                (["wallet_pass_type_id": "com.example.card"], "wallet_pass_type_id must be null or a pass type id: pass. followed by letters, digits, . and -"),
                (["wallet_pass_type_id": "pass."], "wallet_pass_type_id must be null or a pass type id: pass. followed by letters, digits, . and -"),
                (["engagement": []], "engagement must be an object"),
                (["engagement": ["no_click": true]], "engagement.no_click must be an object"),
                (["engagement": ["no_click": ["days_list": [0]]]],
                 "engagement.no_click.days_list must be a list of 1 to 20 integers between 1 and 365"),
                (["engagement": ["trip-1": ["enabled": "no"]]], "engagement.trip-1.enabled must be a boolean"),
                (["engagement": ["preemptive_alert": ["hours_ios": 8761]]],
                 "engagement.preemptive_alert.hours_ios must be an integer between 1 and 8760"),
                (["engagement": ["permission_issue": ["number_of_times": 1.5]]],
                 "engagement.permission_issue.number_of_times must be an integer between 1 and 100"),
            ]
            for (body, detail) in cases {
                try await platform.send(.patch, "/_mock/config", json: body).assertProblem(.badRequest, detail)
            }
            let several: [String: Any] = [
                "webhook_timeout_ms": 60_001, "api_keys": "mock-api-key", "publisher_app_id": "ok",
                "engagement": ["inactivity": ["inactivity_days": 400, "message": 1]],
            ]
            try await platform.send(.patch, "/_mock/config", json: several).assertProblem(.badRequest, [
                "api_keys must be a non-empty list of non-empty strings",
                "webhook_timeout_ms must be an integer between 1 and 60000",
                "engagement.inactivity.message must be a string",
                "engagement.inactivity.inactivity_days must be an integer between 1 and 365",
            ].joined(separator: "; "))
            try await platform.send(.get, "/_mock/config").assertJSON(Self.fixtureConfig)
        }
    }

    func testEngagementMergesPerSubtypeAndPerField() async throws {
        try await TestPlatform.run { platform in
            try await platform.patchConfig(["engagement": ["no_click": ["days_list": [2]]]])
            let reply = try await platform.patchConfig(["engagement": ["no_click": ["enabled": false], "inactivity": ["inactivity_days": 5]]])
            var expected = Self.fixtureConfig
            var engagement = try XCTUnwrap(expected["engagement"] as? [String: Any])
            var noClick = try XCTUnwrap(engagement["no_click"] as? [String: Any])
            noClick["days_list"] = [2]
            noClick["enabled"] = false
            engagement["no_click"] = noClick
            var inactivity = try XCTUnwrap(engagement["inactivity"] as? [String: Any])
            inactivity["inactivity_days"] = 5
            engagement["inactivity"] = inactivity
            expected["engagement"] = engagement
            reply.assertJSON(expected)
            try await platform.send(.get, "/_mock/config").assertJSON(expected)
        }
    }

    func testTopLevelKeysReplaceAndNullClearsAnOptionalString() async throws {
        try await TestPlatform.run { platform in
            try await platform.patchConfig(["ios_bundle_id": "com.example.app", "excluded_states": ["NY", "CA"]])
            let reply = try await platform.patchConfig(["ios_bundle_id": NSNull(), "excluded_states": ["tx"], "android_package": "com.example_app"])
            let body = try reply.json()
            XCTAssertTrue(body["ios_bundle_id"] is NSNull, reply.text)
            XCTAssertEqual(body["excluded_states"] as? [String], ["TX"])
            XCTAssertEqual(body["android_package"] as? String, "com.example_app")
            let locations = try await platform.iql(.get, "/iql/v1/locations")
            XCTAssertFalse(locations.text.contains("\"TX\""), locations.text)
            XCTAssertTrue(locations.text.contains("\"NY\""), locations.text)
        }
    }

    func testResetRestoresTheFixtureValuesAndTenantsAreSeparate() async throws {
        try await TestPlatform.run { platform in
            try await platform.patchConfig([
                "api_keys": ["ci"], "click_secret": "other", "heartbeat_interval_hours": 2,
                "engagement": ["no_click": ["days_list": [2]]],
            ])
            try await platform.send(.get, "/t/ci-1/_mock/config").assertJSON(Self.fixtureConfig)
            let reset = try await platform.send(.post, "/_mock/reset")
            XCTAssertEqual(reset.status, .ok, reset.text)
            try await platform.send(.get, "/_mock/config").assertJSON(Self.fixtureConfig)
        }
    }

    func testAnEmptyPatchChangesNothing() async throws {
        try await TestPlatform.run { platform in
            try await platform.patchConfig([:]).assertJSON(Self.fixtureConfig)
        }
    }

    /// tenant.json and a state document's settings go through the same rules: absent keys take
    /// the defaults, the rest is checked.
    func testSettingsJSONTakesDefaultsAndRefusesUnknownKeys() throws {
        let schema = try TestTenant.registry().settingsSchema
        let decoder = JSONDecoder()
        decoder.userInfo[SettingsSchema.userInfoKey] = schema
        let partial = try decoder.decode(TenantSettings.self, from: Data(#"{"publisher_app_id":"x"}"#.utf8))
        var expected = TenantSettings(schema: schema)
        expected.iql.publisherAppID = "x"
        XCTAssertEqual(partial, expected)
        XCTAssertNotEqual(partial, TenantSettings(schema: schema))
        XCTAssertThrowsError(try decoder.decode(TenantSettings.self, from: Data(#"{"api_key":["x"]}"#.utf8)))
        XCTAssertThrowsError(try JSONDecoder().decode(TenantSettings.self, from: Data(#"{"publisher_app_id":"x"}"#.utf8)),
                             "without the modules' parts, their keys are unknown")

        var changed = TenantSettings(schema: schema)
        changed.iql.heartbeatIntervalHours = 1.5
        changed.androidPackage = "com.example"
        changed.iql.engagement.noClick.enabled = false
        changed.webhooks.retryProfile = .custom([0, 10])
        let again = try decoder.decode(TenantSettings.self, from: JSONEncoder().encode(changed))
        XCTAssertEqual(again, changed, "a snapshot's settings read back equal")
    }

    /// `openapi/control.yaml` TenantConfig requires exactly the keys the server writes, the
    /// bundled modules' parts with the shared keys, and states the default engagement messages.
    func testTheSpecDescribesEveryKey() throws {
        let spec = try RepositoryFiles.text("openapi/control.yaml")
        guard case .object(let config) = try TestTenant.registry().settings(of: .default).json,
              case .object(let engagement)? = config["engagement"] else { return XCTFail("not an object") }
        let required = try XCTUnwrap(SpecDocument(yaml: spec).tenantConfigKeys)
        XCTAssertEqual(Set(config.keys), Set(required))
        XCTAssertEqual(required.count, config.count, "each key once")
        for case .object(let subtype) in engagement.values {
            guard case .string(let message)? = subtype["message"] else { return XCTFail("no message") }
            XCTAssertTrue(spec.contains("default: \"\(message)\""), message)
        }
    }
}

extension TestPlatform {
    /// `PATCH /_mock/config` that must be accepted.
    @discardableResult
    func patchConfig(_ body: [String: Any], file: StaticString = #filePath, line: UInt = #line) async throws -> Reply {
        let reply = try await send(.patch, "/_mock/config", json: body)
        XCTAssertEqual(reply.status, .ok, reply.text, file: file, line: line)
        return reply
    }

    /// Asserts the tenant's timer `key` is due at `due`.
    func assertTimer(_ key: String, due: String, file: StaticString = #filePath, line: UInt = #line) async throws {
        let reply = try await send(.get, "/_mock/timers")
        let timers = try XCTUnwrap(try reply.json()["timers"] as? [[String: Any]], file: file, line: line)
        let timer = timers.first { $0["key"] as? String == key }
        XCTAssertEqual(timer?["due"] as? String, due, reply.text, file: file, line: line)
    }
}
