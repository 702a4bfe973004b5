import Foundation
import XCTest

/// The whole IQL offer loop against the real binary, as an app and its backend walk it.
final class OfferLifecycleLiveTests: XCTestCase {
    private let auth = ["Authorization": "APIKEY mock-api-key", "Content-Type": "application/json"]

    func testDriveQualifySeeOfferClickAndExpire() async throws {
        let server = try LiveServer()
        let clock = try await server.request("POST", "/_mock/clock", headers: auth, body: #"{"now":"2024-06-10T12:00:00Z"}"#)
        XCTAssertEqual(clock.status, 200)
        let info = try await server.request("PUT", "/iql/v1/driver/user_123/info", headers: auth,
                                            body: #"{"country":"USA","state":"AZ","zipcode":"85004","insurer":"Progressive"}"#)
        XCTAssertEqual(info.status, 200)

        // 5 trips over 3 days, 15 miles.
        for (date, count) in [("2024-06-07", 2), ("2024-06-08", 2), ("2024-06-09", 1)] {
            let trips = try await server.request("POST", "/iql/v1/testing/driver/user_123/mock_trips", headers: auth,
                                                 body: #"{"date":"\#(date)","count":\#(count),"distance_miles_each":3}"#)
            XCTAssertEqual(trips.status, 200, String(decoding: trips.body, as: UTF8.self))
        }

        let status = try await server.request("GET", "/iql/v1/driver/user_123/status", headers: auth)
        let metrics = try XCTUnwrap(try status.json()["metrics"] as? [String: Any])
        XCTAssertEqual(metrics["offer_available"] as? Bool, true)
        XCTAssertEqual(metrics["trips_count"] as? Int, 5)
        XCTAssertEqual(metrics["unique_driving_days"] as? Int, 3)
        XCTAssertEqual(metrics["distance_miles"] as? Double, 15)

        let adUnitReply = try await server.request("GET", "/iql/v2/ad_unit/user_123", headers: auth)
        XCTAssertEqual(adUnitReply.header("Cache-Control"), "no-store")
        let adUnit = try XCTUnwrap(try adUnitReply.json()["ad_unit"] as? [String: Any])
        XCTAssertEqual(adUnit["offer_id"] as? String, "ad_default_001")
        let clickTemplate = try XCTUnwrap(adUnit["button_click_url"] as? String)
        XCTAssertTrue(clickTemplate.hasPrefix(server.baseURL.absoluteString + "/iql/v3/ad_unit/ad_default_001/driver_id/user_123/click?auth_token="))

        let pl = Data(#"{"first_name":"Ash","last_name":"Ketchum","email_address":"ash@example.com"}"#.utf8)
            .base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "%3D")
        let clickURL = clickTemplate.replacingOccurrences(of: "<payload>", with: pl)
        let first = try await server.request("GET", clickURL)
        XCTAssertEqual(first.status, 302)
        let location = try XCTUnwrap(first.header("Location"))
        let base = server.baseURL.absoluteString.trimmingCharacters(in: CharacterSet(charactersIn: "/"))
        XCTAssertTrue(location.hasPrefix("\(base)/_mock/pages/landing?offer=ad_default_001&lead="), location)
        let landing = try await server.request("GET", location)
        XCTAssertEqual(landing.status, 200, "the fixtures' landing page is the mock's own: it opens without internet")
        XCTAssertEqual(landing.header("Content-Type"), "text/html")
        let lead = location.components(separatedBy: "lead=").last ?? "?"
        XCTAssertTrue(String(decoding: landing.body, as: UTF8.self).contains("<dd>\(lead)</dd>"), "the page shows the lead")
        let second = try await server.request("GET", clickURL)
        XCTAssertEqual(second.status, 302)
        let clicks = try await server.request("GET", "/_mock/events?type=offer_click")
        XCTAssertEqual((try clicks.json()["events"] as? [Any])?.count, 1, "only the first click emits offerClick")
        let leads = try await server.request("GET", "/_mock/iql/leads?driver_id=user_123")
        XCTAssertEqual((try leads.json()["leads"] as? [[String: Any]])?.map { $0["click_number"] as? Int }, [1, 2])
        let qualifications = try await server.request("GET", "/_mock/events?type=qualification&driver_id=user_123")
        XCTAssertEqual((try qualifications.json()["events"] as? [Any])?.count, 1)

        let tampered = clickURL.replacingOccurrences(of: "auth_token=", with: "auth_token=x")
        let forged = try await server.request("GET", tampered)
        XCTAssertEqual(forged.status, 403)
        XCTAssertEqual(try forged.json()["error"] as? String, "invalid auth_token")

        let later = try await server.request("POST", "/_mock/clock", headers: auth, body: #"{"advance_seconds":2678400}"#)
        XCTAssertEqual(later.status, 200)
        let expired = try await server.request("GET", "/iql/v2/ad_unit/user_123", headers: auth)
        XCTAssertEqual(expired.status, 200)
        XCTAssertEqual(String(decoding: expired.body, as: UTF8.self), "{}")
        let expiredClick = try await server.request("GET", clickURL)
        XCTAssertEqual(expiredClick.status, 403)
        XCTAssertEqual(try expiredClick.json()["error"] as? String, "auth_token expired")
    }
}
