import Foundation
import XCTest

/// The IQL reference apps against the real binary, with their own code: the iOS app registers its
/// token as its `sendToken(driverId:token:)` does (the token alone, `%02X` upper-case hex) and
/// reads every push through the one `didReceiveRemoteNotification` holding both readers the
/// guides give it, force cast included (a trap ends the test run, so it fails); the Android app
/// registers its FCM token alone and reads the FCM `data` map.
final class ReferenceAppLiveTests: XCTestCase {
    private static let iqlAuth = ["Authorization": "APIKEY mock-api-key", "Content-Type": "application/json"]
    private static let json = ["Content-Type": "application/json"]

    /// What the app's push handler did with a push.
    struct Handled: Equatable {
        var showedOffer = false
        var handledHeartbeat = false
    }

    /// The iOS app's `didReceiveRemoteNotification(_:)`: the offer guide's reader, then the
    /// permission-errors guide's, exactly as the guides write them.
    static func iOSDidReceiveRemoteNotification(_ userInfo: [AnyHashable: Any]) -> Handled {
        var handled = Handled()
        if let _ = userInfo["qualification_status"] as? String {
            handled.showedOffer = true
        }
        if let data = userInfo["data"] as? [String: Any], data["type"] as! String == "heartbeat" {
            handled.handledHeartbeat = true
        }
        return handled
    }

    /// The Android app's `onMessageReceived(remoteMessage)`, on `remoteMessage.data`.
    static func androidOnMessageReceived(_ data: [String: String]) -> Handled {
        Handled(showedOffer: data["qualification_status"] != nil, handledHeartbeat: data["type"] == "heartbeat")
    }

    /// Registers the token the app's way, qualifies the driver, then asks for a heartbeat push;
    /// returns the device's pushes (qualification, then heartbeat) as the app receives them.
    private func playTheApp(token: String, driver: String) async throws -> [(kind: String, payload: [String: Any])] {
        let server = try LiveServer()
        let registered = try await server.request(
            "POST", "/publisher/v1/drivers/\(driver)/device_token", headers: Self.json, body: #"{"token":"\#(token)"}"#
        )
        XCTAssertEqual(registered.status, 200, String(decoding: registered.body, as: UTF8.self))
        XCTAssertEqual(String(decoding: registered.body, as: UTF8.self), #"["success"]"#)

        _ = try await server.request("POST", "/_mock/clock", headers: Self.iqlAuth, body: #"{"now":"2024-06-10T12:00:00Z"}"#)
        let info = try await server.request("PUT", "/iql/v1/driver/\(driver)/info", headers: Self.iqlAuth,
                                            body: #"{"country":"USA","state":"AZ","zipcode":"85004","insurer":"Progressive"}"#)
        XCTAssertEqual(info.status, 200)
        for date in ["2024-06-07", "2024-06-08", "2024-06-09"] {
            let trips = try await server.request("POST", "/iql/v1/testing/driver/\(driver)/mock_trips", headers: Self.iqlAuth,
                                                 body: #"{"date":"\#(date)","count":2,"distance_miles_each":3}"#)
            XCTAssertEqual(trips.status, 200)
        }
        let heartbeat = try await server.request("POST", "/_mock/webhooks/trigger", headers: Self.json,
                                                 body: #"{"event":"silent_push_notification","driver_id":"\#(driver)"}"#)
        XCTAssertEqual(heartbeat.status, 202)

        let query = token.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? token
        let outbox = try await server.request("GET", "/_mock/pushes?device_token=\(query)")
        let pushes = try XCTUnwrap(try outbox.json()["pushes"] as? [[String: Any]], "found with the token as the app registered it")
        XCTAssertEqual(try server.stop(), 0)
        return try pushes.map { push in
            (try XCTUnwrap(push["kind"] as? String), try XCTUnwrap(push["payload"] as? [String: Any]))
        }
    }

    func testTheIOSAppReadsTheQualificationAndTheHeartbeatPushWithoutTrapping() async throws {
        let apnsToken = Data((0..<32).map { UInt8($0 * 7 + 1) }).map { String(format: "%02X", $0) }.joined()
        let pushes = try await playTheApp(token: apnsToken, driver: "ios-driver")
        XCTAssertEqual(pushes.map(\.kind), ["iql_qualification", "iql_heartbeat"])
        XCTAssertEqual(Self.iOSDidReceiveRemoteNotification(pushes[0].payload), Handled(showedOffer: true, handledHeartbeat: false),
                       "the qualification push shows the offer and is not a heartbeat")
        XCTAssertEqual(Self.iOSDidReceiveRemoteNotification(pushes[1].payload), Handled(showedOffer: false, handledHeartbeat: true),
                       "the heartbeat push is a heartbeat and shows no offer")
    }

    func testTheAndroidAppReadsTheQualificationAndTheHeartbeatPush() async throws {
        let fcmToken = "cR3x_Fq:APA91bH-" + String(repeating: "k9", count: 70)
        let pushes = try await playTheApp(token: fcmToken, driver: "android-driver")
        XCTAssertEqual(pushes.map(\.kind), ["iql_qualification", "iql_heartbeat"])
        let data = try pushes.map { try XCTUnwrap($0.payload["data"] as? [String: String], "FCM data is a string map") }
        XCTAssertEqual(Self.androidOnMessageReceived(data[0]), Handled(showedOffer: true, handledHeartbeat: false))
        XCTAssertEqual(Self.androidOnMessageReceived(data[1]), Handled(showedOffer: false, handledHeartbeat: true))
    }
}
