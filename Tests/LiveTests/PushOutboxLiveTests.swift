import Foundation
import XCTest

/// The push outbox and the campaign backend against the real binary, as an app and its
/// developer use them.
final class PushOutboxLiveTests: XCTestCase {
    private let auth = ["Authorization": "APIKEY mock-api-key", "Content-Type": "application/json"]
    private let token = String(repeating: "a1", count: 32)

    func testQualifyingDriverGetsOneQualificationPushExportableToTheSimulator() async throws {
        let server = try LiveServer()
        let registered = try await server.request(
            "POST", "/publisher/v1/drivers/d1/device_token", headers: ["Content-Type": "application/json"],
            body: #"{"token":"\#(token)","platform":"ios","bundle_id":"com.example.insure"}"#
        )
        XCTAssertEqual(String(decoding: registered.body, as: UTF8.self), #"["success"]"#)
        _ = try await server.request("POST", "/_mock/clock", headers: auth, body: #"{"now":"2024-06-10T12:00:00Z"}"#)
        let info = try await server.request("PUT", "/iql/v1/driver/d1/info", headers: auth,
                                            body: #"{"country":"USA","state":"AZ","zipcode":"85004","insurer":"Progressive"}"#)
        XCTAssertEqual(info.status, 200)
        for date in ["2024-06-07", "2024-06-08", "2024-06-09"] {
            let trips = try await server.request("POST", "/iql/v1/testing/driver/d1/mock_trips", headers: auth,
                                                 body: #"{"date":"\#(date)","count":2,"distance_miles_each":3}"#)
            XCTAssertEqual(trips.status, 200)
        }

        let outbox = try await server.request("GET", "/_mock/pushes?device_token=\(token)")
        let pushes = try XCTUnwrap(try outbox.json()["pushes"] as? [[String: Any]])
        XCTAssertEqual(pushes.map { $0["kind"] as? String }, ["iql_qualification"], "one qualification push for the token")
        let push = try XCTUnwrap(pushes.first)
        XCTAssertEqual(push["driver_id"] as? String, "d1")
        let payload = try XCTUnwrap(push["payload"] as? [String: Any])
        XCTAssertEqual(Set(payload.keys), ["aps", "qualification_status", "msg"],
                       "the reference backend's keys at the top level, where the iOS client reads them, and no `data`")
        XCTAssertEqual(payload["qualification_status"] as? String, "qualified")
        XCTAssertEqual(push["apns_headers"] as? [String: String],
                       ["apns-topic": "com.example.insure", "apns-push-type": "background", "apns-priority": "5"])

        let id = try XCTUnwrap(push["id"] as? String)
        let export = try await server.request("GET", "/_mock/pushes/\(id)/export")
        XCTAssertEqual(export.status, 200)
        XCTAssertEqual(export.header("Content-Disposition"), #"attachment; filename="\#(id).apns""#)
        let file = try XCTUnwrap(try JSONSerialization.jsonObject(with: export.body) as? [String: Any])
        XCTAssertEqual(file["Simulator Target Bundle"] as? String, "com.example.insure")
        XCTAssertEqual((file["aps"] as? [String: Any])?["content-available"] as? Int, 1)
        XCTAssertLessThanOrEqual(export.body.count, 4096)
        XCTAssertEqual(try server.stop(), 0)
    }

    func testCampaignBackendAnswersEmptyListsAndNoWalkthroughUntilSomethingIsSent() async throws {
        let server = try LiveServer()
        let bearer = ["Authorization": "Bearer sdk-token"]
        for path in ["/campaign-backend/campaign/IOS/get-pushes/client-1", "/campaign-backend/campaign/ANDROID/get-banners/client-1"] {
            let reply = try await server.request("GET", path, headers: bearer)
            XCTAssertEqual(reply.status, 200)
            XCTAssertEqual(String(decoding: reply.body, as: UTF8.self), "[]")
        }
        let walkthrough = try await server.request("GET", "/campaign-backend/campaign/get-walkthrough/client-1?app-version=1.0", headers: bearer)
        XCTAssertEqual(walkthrough.status, 404)
        XCTAssertEqual(try walkthrough.json()["path"] as? String, "/campaign-backend/campaign/get-walkthrough/client-1")
        let anonymous = try await server.request("GET", "/campaign-backend/campaign/IOS/get-pushes/client-1")
        XCTAssertEqual(anonymous.status, 401)

        let created = try await server.request("POST", "/_mock/campaigns", headers: ["Content-Type": "application/json"], body: """
            {"payload": {"aps": {"alert": {"title": "Hi", "body": "Open us"}}, "issuer": "Synerise", "content-type": "simple-push",
             "content": {"campaign": {"variant_id": 1, "hash_id": "h-1", "type": "Simple Push", "title": "Spring"}, "notification": {}}}}
            """)
        XCTAssertEqual(created.status, 201)
        let id = try XCTUnwrap(try created.json()["id"] as? String)
        let sent = try await server.request("POST", "/_mock/campaigns/\(id)/send", headers: ["Content-Type": "application/json"],
                                            body: #"{"client_uuids":["client-1"]}"#)
        XCTAssertEqual(sent.status, 202)
        let pushes = try await server.request("GET", "/campaign-backend/campaign/IOS/get-pushes/client-1", headers: bearer)
        let wrappers = try XCTUnwrap(try JSONSerialization.jsonObject(with: pushes.body) as? [[String: Any]])
        XCTAssertEqual(wrappers.count, 1)
        XCTAssertEqual(wrappers.first?["contentAvailable"] as? Bool, false)
        XCTAssertEqual((wrappers.first?["data"] as? [String: Any])?["contentType"] as? String, "simple-push")
        XCTAssertEqual(wrappers.first?["notification"] as? [String: String], ["title": "Hi", "body": "Open us"])
        let other = try await server.request("GET", "/campaign-backend/campaign/IOS/get-pushes/client-2", headers: bearer)
        XCTAssertEqual(String(decoding: other.body, as: UTF8.self), "[]", "only the targeted client sees it")
        XCTAssertEqual(try server.stop(), 0)
    }
}
