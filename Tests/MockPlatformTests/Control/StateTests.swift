import Foundation
import HTTPTypes
@testable import MockPlatform
import XCTest

/// `GET`/`PUT /_mock/state` (`openapi/control.yaml` exportState, importState).
final class StateTests: XCTestCase {
    private static let paths = [
        "/iql/v1/driver/d1/info", "/iql/v1/driver/d1/status?start_date=2024-06-01", "/iql/v2/ad_unit/d1",
        "/_mock/iql/drivers/d1", "/_mock/events", "/_mock/clock", "/_mock/timers", "/_mock/config",
        "/_mock/webhooks/endpoints", "/_mock/webhooks/messages",
    ]

    func testExportResetImportGivesIdenticalResponses() async throws {
        try await TestPlatform.run { platform in
            try await platform.send(.post, "/_mock/clock", json: ["now": "2024-06-10T12:00:00Z"])
            try await platform.createDriver("d1")
            for day in ["2024-06-07", "2024-06-08", "2024-06-09"] {
                try await platform.iql(.post, "/iql/v1/testing/driver/d1/mock_trips", json: ["date": day, "count": 2, "distance_miles_each": 3])
            }
            try await platform.send(.patch, "/_mock/config", json: ["publisher_app_name": "exported-app"])
            try await platform.send(.post, "/_mock/webhooks/endpoints", json: ["url": "http://127.0.0.1:9/hook", "enabled": false])
            try await platform.send(.post, "/_mock/clock", json: ["advance_seconds": 86_400])
            var before: [String] = []
            for path in Self.paths { before.append(try await platform.iql(.get, path).text) }
            let exported = try await platform.send(.get, "/_mock/state")
            XCTAssertEqual(exported.status, .ok)
            XCTAssertEqual(try exported.json()["version"] as? Int, 1)

            try await platform.send(.post, "/_mock/reset")
            let gone = try await platform.iql(.get, "/iql/v1/driver/d1/info")
            XCTAssertEqual(gone.status, .notFound)
            let imported = try await platform.send(.put, "/_mock/state", body: exported.text, headers: [.contentType: "application/json"])
            XCTAssertEqual(imported.status, .ok, imported.text)
            for (path, expected) in zip(Self.paths, before) {
                let reply = try await platform.iql(.get, path)
                XCTAssertEqual(reply.text, expected, path)
            }
        }
    }

    func testABadDocumentIsRefusedAndChangesNothing() async throws {
        try await TestPlatform.run { platform in
            try await platform.createDriver("d1")
            var document = try await platform.send(.get, "/_mock/state").json()
            document["version"] = 2
            try await platform.send(.put, "/_mock/state", json: document).assertProblem(.badRequest, "state version must be 1")
            document["version"] = 1
            document["clock"] = ["sometimes": true]
            let broken = try await platform.send(.put, "/_mock/state", json: document)
            XCTAssertEqual(broken.status, .badRequest, broken.text)
            XCTAssertTrue((try broken.json()["detail"] as? String ?? "").hasPrefix("state is not valid: clock"), broken.text)
            let still = try await platform.iql(.get, "/iql/v1/driver/d1/info")
            XCTAssertEqual(still.status, .ok, "nothing changed")
        }
    }
}
