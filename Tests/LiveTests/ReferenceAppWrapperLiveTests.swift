import Foundation
import XCTest

/// The reference apps against the real binary, on the paths the guides' code takes that earlier
/// differed from the mock (issue "Fidelity II"): the app's own backend calls decoded with the
/// app's models, a non-telematics qualification's push, a plain-data silent campaign, a push the
/// combined handler would trap on, location services turned off, the app's own pass id and a
/// banner without a close button.
final class ReferenceAppWrapperLiveTests: XCTestCase {
    private static let iqlAuth = ["Authorization": "APIKEY mock-api-key", "Content-Type": "application/json"]
    private static let json = ["Content-Type": "application/json"]

    /// The app's models of its backend's answers (snake_case keys, the fields its screens read).
    struct DriverStatus: Decodable {
        struct Metrics: Decodable {
            let trips_count: Int
            let unique_driving_days: Int
            let distance_miles: Double
            let offer_available: Bool
        }
        let driver_id: String
        let metrics: Metrics
    }

    struct AdUnitResponse: Decodable {
        struct DriverInfo: Decodable { let publisher_app_name: String; let driver_id: String }
        struct AdUnit: Decodable {
            struct Body: Decodable { let text: String; let bullets: [String] }
            let offer_id: String
            let insurer_name: String
            let logo_url: String
            let title: String
            let body: Body
            let button_text: String
            let button_click_url: String
        }
        let driver_info: DriverInfo?
        let ad_unit: AdUnit?
    }

    /// What the eligibility path decodes when its call fails; it force-unwraps `status`.
    struct FailureResponse: Decodable {
        let detail: String?
        let status: String?
    }

    func testTheAppsBackendCallsDecodeWithTheAppsModels() async throws {
        let server = try LiveServer()
        _ = try await server.request("POST", "/_mock/clock", headers: Self.json, body: #"{"now":"2024-06-10T12:00:00Z"}"#)

        // updateDriverInfo(onSuccess: ((_ postData: Bool) -> Void)?)
        let saved = try await server.request("PUT", "/publisher/v1/drivers/app-user/info", headers: Self.json,
                                             body: #"{"country":"USA","state":"AZ","zipcode":"85004","insurer":"Progressive"}"#)
        XCTAssertEqual(saved.status, 200)
        XCTAssertTrue(try JSONDecoder().decode(Bool.self, from: saved.body), "postData is true: the app leaves the zip screen")

        for date in ["2024-06-07", "2024-06-08", "2024-06-09"] {
            let trips = try await server.request("POST", "/iql/v1/testing/driver/app-user/mock_trips", headers: Self.iqlAuth,
                                                 body: #"{"date":"\#(date)","count":2,"distance_miles_each":3}"#)
            XCTAssertEqual(trips.status, 200)
        }
        let status = try await server.request("GET", "/publisher/v1/drivers/app-user/status")
        let decodedStatus = try JSONDecoder().decode(DriverStatus.self, from: status.body)
        XCTAssertEqual(decodedStatus.metrics.trips_count, 6)
        XCTAssertTrue(decodedStatus.metrics.offer_available)
        let direct = try await server.request("GET", "/iql/v1/driver/app-user/status", headers: Self.iqlAuth)
        XCTAssertEqual(status.body, direct.body, "IQL's answer, byte for byte")

        let adUnit = try await server.request("GET", "/publisher/v1/drivers/app-user/ad_unit")
        let unit = try XCTUnwrap(try JSONDecoder().decode(AdUnitResponse.self, from: adUnit.body).ad_unit)
        XCTAssertEqual(unit.offer_id, "ad_default_001")
        XCTAssertTrue(unit.button_click_url.hasPrefix(server.baseURL.absoluteString), unit.button_click_url)

        // The eligibility path: a refused supported-state check.
        let refused = try await server.request("POST", "/publisher/v1/supported_state_details", headers: Self.json,
                                               body: #"{"country_code":"USA","state_code":"ZZ","current_insurer":""}"#)
        XCTAssertEqual(refused.status, 400)
        let failureResponse = try JSONDecoder().decode(FailureResponse.self, from: refused.body)
        XCTAssertEqual(failureResponse.status!, "400")
        XCTAssertEqual(try server.stop(), 0)
    }

    func testANonTelematicsQualificationPushReachesTheCombinedHandler() async throws {
        let server = try LiveServer()
        let token = Data((0..<32).map { UInt8($0 * 5 + 3) }).map { String(format: "%02X", $0) }.joined()
        _ = try await server.request("POST", "/publisher/v1/drivers/drive-user/device_token", headers: Self.json, body: #"{"token":"\#(token)"}"#)
        var campaign = try await server.request("GET", "/_mock/iql/campaigns/default").json()
        campaign["offer_subtype"] = "drive"
        campaign["offer_type"] = "non_auto_insurance"
        let replaced = try await server.request("PUT", "/_mock/iql/campaigns/default", headers: Self.json,
                                                body: String(decoding: try JSONSerialization.data(withJSONObject: campaign), as: UTF8.self))
        XCTAssertEqual(replaced.status, 200, String(decoding: replaced.body, as: UTF8.self))
        _ = try await server.request("POST", "/_mock/clock", headers: Self.json, body: #"{"now":"2024-06-10T12:00:00Z"}"#)
        _ = try await server.request("PUT", "/iql/v1/driver/drive-user/info", headers: Self.iqlAuth, body: #"{"country":"USA","state":"AZ","zipcode":"85004"}"#)
        for date in ["2024-06-07", "2024-06-08", "2024-06-09"] {
            _ = try await server.request("POST", "/iql/v1/testing/driver/drive-user/mock_trips", headers: Self.iqlAuth,
                                         body: #"{"date":"\#(date)","count":2,"distance_miles_each":3}"#)
        }
        let events = try await server.request("GET", "/_mock/events?type=non_telematics_qualification").json()["events"] as? [Any]
        XCTAssertEqual(events?.count, 1)
        let outbox = try await server.request("GET", "/_mock/pushes?driver_id=drive-user")
        let pushes = try XCTUnwrap(try outbox.json()["pushes"] as? [[String: Any]])
        XCTAssertEqual(pushes.map { $0["kind"] as? String }, ["iql_qualification"])
        let payload = try XCTUnwrap(pushes.first?["payload"] as? [String: Any])
        XCTAssertEqual(ReferenceAppLiveTests.iOSDidReceiveRemoteNotification(payload),
                       ReferenceAppLiveTests.Handled(showedOffer: true, handledHeartbeat: false))
        XCTAssertEqual(try server.stop(), 0)
    }

    func testCampaignsTheGuidesDescribe() async throws {
        let server = try LiveServer()
        let bearer = ["Authorization": "Bearer sdk-token"]
        // A plain-data silent push, sent to a client: in its get-pushes.
        let silent = try await server.request("POST", "/_mock/campaigns", headers: Self.json,
                                              body: #"{"payload":{"aps":{"content-available":1},"refresh":"offers","version":"42"}}"#)
        XCTAssertEqual(silent.status, 201)
        XCTAssertEqual(try silent.json()["warnings"] as? [String], [])
        let silentID = try XCTUnwrap(try silent.json()["id"] as? String)
        let sent = try await server.request("POST", "/_mock/campaigns/\(silentID)/send", headers: Self.json, body: #"{"client_uuids":["app-client"]}"#)
        XCTAssertEqual(sent.status, 202)
        let fetched = try await server.request("GET", "/campaign-backend/campaign/IOS/get-pushes/app-client", headers: bearer)
        let items = try XCTUnwrap(try JSONSerialization.jsonObject(with: fetched.body) as? [[String: Any]])
        XCTAssertEqual(items.count, 1)
        XCTAssertEqual(items.first?["contentAvailable"] as? Bool, true)
        XCTAssertTrue(items.first?["notification"] is NSNull)
        XCTAssertEqual(items.first?["data"] as? [String: String], ["refresh": "offers", "version": "42"])

        // A push whose data has no string type: the combined handler's force cast would trap.
        let trap = try await server.request("POST", "/_mock/campaigns", headers: Self.json,
                                            body: #"{"payload":{"aps":{"content-available":1},"data":{"screen":"offers"}}}"#)
        XCTAssertEqual(trap.status, 201)
        let warnings = try XCTUnwrap(try trap.json()["warnings"] as? [String])
        XCTAssertEqual(warnings.count, 1)
        XCTAssertTrue(warnings[0].hasPrefix("payload.data has no string \"type\""), warnings[0])

        // A banner without a close button is a mandatory upgrade.
        let banner = ##"{"payload":{"aps":{"content-available":1},"issuer":"Synerise","message-type":"dynamic-content","content-type":"template-banner","content":{"campaign":{"variant_id":5,"hash_id":"HASH-5","type":"Mobile banner","title":"Update"},"page":{"index":0,"type":"color_as_background","background":{"color":"#ffffff","alpha":1},"button":{"is_enabled":true,"color":"#1f74d9","text":"Update","text_color":"#ffffff","corner_radius":8},"action":{"type":"OPEN_URL","item":"https://apps.apple.com/app/id0000000000"}}}}}"##
        let upgrade = try await server.request("POST", "/_mock/campaigns", headers: Self.json, body: banner)
        XCTAssertEqual(upgrade.status, 201, String(decoding: upgrade.body, as: UTF8.self))
        XCTAssertEqual(try upgrade.json()["kind"] as? String, "mandatory_upgrade")
        XCTAssertEqual(try server.stop(), 0)
    }

    func testLocationServicesOffReachesTheEngagementWebhook() async throws {
        let server = try LiveServer()
        _ = try await server.request("POST", "/_mock/clock", headers: Self.json, body: #"{"now":"2024-06-10T12:00:00Z"}"#)
        _ = try await server.request("PUT", "/iql/v1/driver/off-user/info", headers: Self.iqlAuth, body: #"{"country":"USA","state":"AZ","zipcode":"85004"}"#)
        let health = try await server.request(
            "POST", "/iql/v1/testing/driver/off-user/sdk_health", headers: Self.iqlAuth,
            body: #"{"location_permission":"always","activity_permission":"granted","precise_location":true,"notifications":true,"location_services":false}"#
        )
        XCTAssertEqual(try health.json()["healthy"] as? Bool, false)
        let listed = try await server.request("GET", "/_mock/events?type=engagement")
        let events = try XCTUnwrap(try listed.json()["events"] as? [[String: Any]])
        let details = events.compactMap { (($0["payload"] as? [String: Any])?["metadata"] as? [String: Any])?["permission_error_details"] as? [String: Any] }
        XCTAssertEqual(details.last?["location_services"] as? String, "Off", "\(events)")
        XCTAssertEqual(try server.stop(), 0)
    }
}
