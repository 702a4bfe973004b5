import Foundation
import HTTPTypes
@testable import MockPlatform
import XCTest

/// docs/operating.md "Sharing one instance" (what is accepted can be restored): each way a request
/// used to store a value the tenant's own export could not import again is refused at the
/// request, in the API's shape, and the tenant still round-trips.
final class AcceptedIsRestorableTests: XCTestCase {
    func testValuesARestoreWouldRefuseAreRefusedAtTheRequest() async throws {
        try await TestPlatform.run { platform in
            // A publisher device token for a driver id with DEL, no credentials, no Content-Type.
            let token = try await platform.send(.post, "/publisher/v1/drivers/z%7F/device_token", body: "")
            XCTAssertEqual(token.status, .badRequest, token.text)
            XCTAssertEqual(token.text, #"{"driver_id":["Enter a valid value."],"status":"400"}"#, "DRF's own field error")
            let wrapper = try await platform.send(.get, "/publisher/v1/drivers/z%7F/status")
            XCTAssertEqual(
                wrapper.text, #"{"detail":"driver_id must be an id of 1 to 256 characters without / or control characters","status":"400"}"#,
                "a wrapper of IQL says what IQL says, as detail"
            )
            // An IQL driver id with SOH through the public default key.
            let info = try await platform.iql(.put, "/iql/v1/driver/a%01b/info", json: ["country": "USA", "state": "AZ", "zipcode": "85004"])
            XCTAssertEqual(info.status, .badRequest, info.text)
            XCTAssertTrue(info.text.contains("driver_id must be an id"), "IQL's own shape: \(info.text)")
            let slash = try await platform.iql(.get, "/iql/v1/driver/a%2Fb/status")
            XCTAssertEqual(slash.status, .badRequest, slash.text)
            // A triggered event whose id has a control character.
            try await platform.send(.post, "/_mock/webhooks/trigger", json: [
                "event": "engagement", "driver_id": "d1", "overrides": ["webhook_event_id": "evt\u{1}x"],
            ]).assertProblem(.badRequest, "overrides.webhook_event_id must be an id of 1 to 256 characters without / or control characters")
            // An opt-in moved before year 1.
            try await platform.send(.post, "/_mock/clock", json: ["now": "0001-03-01T00:00:00Z"])
            let optIn = try await platform.iql(.post, "/iql/v1/testing/driver/d2/opt_in_days", json: ["days": 365])
            XCTAssertEqual(optIn.status, .badRequest, optIn.text)
            XCTAssertTrue(optIn.text.contains("days would move the opt-in before year 1"), optIn.text)

            let state = try await platform.send(.get, "/_mock/state")
            XCTAssertEqual(state.status, .ok)
            let imported = try await platform.send(.put, "/_mock/state", body: state.text, headers: [.contentType: "application/json"])
            XCTAssertEqual(imported.status, .ok, "the tenant's own export imports: \(imported.text)")
        }
    }

    /// Trigger overrides are bounded in bytes as well as keys: 64 KiB of JSON in all.
    func testTriggerOverridesOver64KiBAreRefused() async throws {
        try await TestPlatform.run { platform in
            let big = Array(repeating: "x", count: 70_000 / 4)
            try await platform.send(.post, "/_mock/webhooks/trigger", json: [
                "event": "engagement", "driver_id": "d1", "overrides": ["data.big": big],
            ]).assertProblem(.badRequest, "overrides must be at most 64 KiB of JSON")
            let events = try await platform.send(.get, "/_mock/events?type=engagement").json()["events"] as? [Any]
            XCTAssertEqual(events?.count, 0, "nothing recorded")
            let fits = try await platform.send(.post, "/_mock/webhooks/trigger", json: [
                "event": "engagement", "driver_id": "d1", "overrides": ["data.big": Array(big.prefix(1_000))],
            ])
            XCTAssertEqual(fits.status, .accepted, fits.text)
        }
    }

    /// Finding 8: `--quota endpoints=2`, then an import holding 2,000 endpoints was taken, and
    /// one trigger fanned out to 2,000 messages. An import over a quota is refused like an
    /// over-quota write, 400 naming the collection, and the tenant is unchanged.
    func testAnImportOverAQuotaIsRefusedNamingTheCollection() async throws {
        var options = ServerOptions()
        try options.quotas.set(parsing: "endpoints=2")
        try await TestPlatform.run(options: options) { platform in
            let first = try await platform.send(.post, "/_mock/webhooks/endpoints", json: ["url": "http://127.0.0.1:1/a"])
            XCTAssertEqual(first.status, .created, first.text)
            let state = try JSONSerialization.jsonObject(with: Data(try await platform.send(.get, "/_mock/state").text.utf8)) as? [String: Any]
            var document = try XCTUnwrap(state)
            var stores = try XCTUnwrap(document["stores"] as? [String: Any])
            var webhooks = try XCTUnwrap(stores["control"] as? [String: Any], "the webhooks' state is under the control module's key")
            let endpoint = try XCTUnwrap((webhooks["endpoints"] as? [[String: Any]])?.first)
            webhooks["endpoints"] = (0..<2_000).map { index in endpoint.merging(["id": "ep_\(index)"]) { _, new in new } }
            stores["control"] = webhooks
            document["stores"] = stores
            try await platform.send(.put, "/_mock/state", json: document)
                .assertProblem(.badRequest, "state is not valid: 2000 endpoints, over --quota endpoints=2")
            let listed = try await platform.send(.get, "/_mock/webhooks/endpoints").json()["endpoints"] as? [Any]
            XCTAssertEqual(listed?.count, 1, "the tenant is unchanged")
        }
    }
}
