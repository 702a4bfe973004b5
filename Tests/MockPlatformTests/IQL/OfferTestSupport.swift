import Foundation
@testable import MockPlatform
import XCTest

/// Drives a driver to qualification through the public API.
extension TestPlatform {
    /// The base of absolute URLs of an in-process server with default options.
    /// Where the in-process test client's requests say they went (`Host: localhost`), so the
    /// base of the absolute URLs the mock answers them with.
    static let publicBase = "http://localhost"

    /// The instant every offer test freezes the clock at.
    static let offerTestNow = "2024-06-10T12:00:00Z"

    /// Creates `driverID` in `state` and uploads 5 trips over 3 days, 15 miles: enough for the
    /// default campaign when the state is one of its states.
    func driveToQualification(_ driverID: String, state: String = "AZ", zipcode: String? = "85004", insurer: String = "Progressive") async throws {
        var info: [String: Any] = ["country": "USA", "state": state, "insurer": insurer]
        if let zipcode { info["zipcode"] = zipcode }
        let put = try await iql(.put, "/iql/v1/driver/\(driverID)/info", json: info)
        XCTAssertEqual(put.status, .ok, put.text)
        for (date, count) in [("2024-06-07", 2), ("2024-06-08", 2), ("2024-06-09", 1)] {
            let reply = try await iql(.post, "/iql/v1/testing/driver/\(driverID)/mock_trips",
                                      json: ["date": date, "count": count, "distance_miles_each": 3])
            XCTAssertEqual(reply.status, .ok, reply.text)
        }
    }

    /// The tenant's events of one kind, as `/_mock/events` lists them.
    func events(_ kind: String, driverID: String? = nil) async throws -> [[String: Any]] {
        let query = "type=\(kind)" + (driverID.map { "&driver_id=\($0)" } ?? "")
        let reply = try await send(.get, "/_mock/events?\(query)")
        XCTAssertEqual(reply.status, .ok, reply.text)
        return try XCTUnwrap(try reply.json()["events"] as? [[String: Any]])
    }

    /// The ad unit's `button_click_url` with `<payload>` replaced by a valid payload.
    func clickURL(for driverID: String, payload: String = TestPlatform.validPayload) async throws -> String {
        let unit = try await iql(.get, "/iql/v2/ad_unit/\(driverID)")
        let adUnit = try XCTUnwrap(try unit.json()["ad_unit"] as? [String: Any], unit.text)
        let url = try XCTUnwrap(adUnit["button_click_url"] as? String)
        XCTAssertTrue(url.hasPrefix(Self.publicBase), url)
        return String(url.dropFirst(Self.publicBase.count)).replacingOccurrences(of: "<payload>", with: payload)
    }

    /// base64url of `{"first_name":"Ash","last_name":"Ketchum","email_address":"ash@example.com"}`.
    static let validPayload = base64URL(#"{"first_name":"Ash","last_name":"Ketchum","email_address":"ash@example.com"}"#)

    static func base64URL(_ json: String) -> String {
        Data(json.utf8).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
    }
}
