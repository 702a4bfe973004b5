import Foundation
import HTTPTypes
import Hummingbird
@testable import MockPlatform
@testable import MockPlatformKit
@testable import MockPlatformRuntime
import NIOCore
import Synchronization
import XCTest

/// `GET`/`PUT /_mock/state` (`openapi/control.yaml` exportState, importState).
final class StateTests: XCTestCase {
    private static let paths = [
        "/iql/v1/driver/d1/info", "/iql/v1/driver/d1/status?start_date=2024-06-01", "/iql/v2/ad_unit/d1",
        "/_mock/iql/drivers/d1", "/_mock/events", "/_mock/clock", "/_mock/timers", "/_mock/config",
        "/_mock/webhooks/endpoints", "/_mock/webhooks/messages",
    ]

    /// The export is written by `TenantStateDocument` (a `WrittenAnswer`), not by the generated
    /// code; the generated handler, with the front door's finishing, gives the same bytes.
    func testTheWrittenExportIsTheGeneratedHandlersAnswer() async throws {
        try await TestPlatform.run { platform in
            try await platform.send(.post, "/_mock/clock", json: ["now": "2024-06-10T12:00:00Z"])
            try await platform.createDriver("d1")
            try await platform.iql(.post, "/iql/v1/testing/driver/d1/mock_trips", json: ["date": "2024-06-09", "count": 2, "distance_miles_each": 3])
            try await platform.send(.post, "/_mock/webhooks/endpoints", json: ["url": "http://127.0.0.1:9/hook", "enabled": false])
            let written = try await platform.send(.get, "/_mock/state")
            XCTAssertEqual(written.headers[.contentType], "application/json; charset=utf-8")

            let reference = try await platform.generatedAnswer("/_mock/state")
            XCTAssertEqual(reference.contentType, written.headers[.contentType])
            XCTAssertEqual(reference.text, written.text)
        }
    }

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

    func testRefusalsSayWhatIsMissingInWords() async throws {
        try await TestPlatform.run { platform in
            try await platform.send(.put, "/_mock/state", json: ["version": 1]).assertProblem(.badRequest, "state is not valid: clock is required")
            try await platform.send(.put, "/_mock/state", json: ["version": 1, "clock": 5]).assertProblem(
                .badRequest, "state is not valid: clock must be an object"
            )
            try await platform.send(.put, "/_mock/state", json: [1]).assertProblem(.badRequest, "request body must be a JSON object")
        }
        XCTAssertThrowsError(try TenantStateDocument.snapshot(from: Data("not json".utf8), fields: .runtime, settings: SettingsSchema())) { error in
            XCTAssertEqual((error as? APIError)?.message, "state is not valid JSON: send a document GET /_mock/state exported")
        }
        XCTAssertThrowsError(try TenantStateDocument.snapshot(from: Data("[1]".utf8), fields: .runtime, settings: SettingsSchema())) { error in
            XCTAssertEqual((error as? APIError)?.message, "state must be a JSON object, as GET /_mock/state exports")
        }
    }

    /// Values that used to be restored as given and crash the process later (a next sequence of
    /// 0 underflowed, a sequence of 2^63 trapped in `/_mock/events`) are refused with a 400
    /// naming the field, the tenant unchanged, and counted as the `state_document` limit.
    func testOutOfRangeValuesAreRefusedNamingTheField() async throws {
        try await TestPlatform.run { platform in
            try await platform.createDriver("d1")
            try await platform.send(.post, "/_mock/webhooks/trigger", json: ["event": "engagement", "driver_id": "d1"])
            let exported = try await platform.send(.get, "/_mock/state")
            let document = try JSONDecoder().decode(JSONValue.self, from: exported.body)
            let event = try XCTUnwrap(document.objectValue?["events"]?.objectValue?["events"].flatMap { value -> JSONValue? in
                if case .array(let events) = value { return events.first }
                return nil
            })
            func events(_ sequence: JSONValue, next: Int64) throws -> JSONValue {
                let numbered = try XCTUnwrap(event.setting(path: "sequence", to: sequence))
                return .object(["events": .array([numbered]), "nextSequence": .integer(next)])
            }
            let cases: [(String, JSONValue, String)] = [
                ("events", .object(["events": .array([]), "nextSequence": .integer(0)]), "events.nextSequence must be between 1 and 2^53"),
                ("events", try events(.number(0x1p63), next: 9), "events.events.0.sequence must be between 0 and 2^53"),
                ("events", try events(.integer(0), next: 9), "events.events.0.sequence must be at least 1 and less than events.nextSequence"),
                ("events", try events(.integer(9), next: 9), "events.events.0.sequence must be at least 1 and less than events.nextSequence"),
                ("stores.loyalty.members.member-gold.loyalty.points", .integer(1 << 60),
                 "stores.loyalty.members.member-gold.loyalty.points must be between 0 and 2^53"),
                ("stores.wallet.updateTag", .integer(-1), "stores.wallet.updateTag must be between 0 and 2^53"),
                ("stores.iql.drivers.d1.optedInAt", .number(1e300), "stores.iql.drivers.d1.optedInAt must be between -2^53 and 2^53"),
                ("stores.iql.drivers.d1.optedInAt", .integer(253_402_300_800), "stores.iql.drivers.d1.optedInAt must be an instant within years 1 to 9999"),
                ("stores.iql.drivers.d1.id", .string("a/b"), "stores.iql.drivers.d1.id must be an id of 1 to 256 characters without / or control characters"),
            ]
            for (path, value, detail) in cases {
                let broken = try XCTUnwrap(document.setting(path: path, to: value))
                let reply = try await platform.send(.put, "/_mock/state", body: broken.text, headers: [.contentType: "application/json"])
                reply.assertProblem(.badRequest, "state is not valid: " + detail)
            }
            let still = try await platform.send(.get, "/_mock/state")
            XCTAssertEqual(still.text, exported.text, "the tenant is unchanged")
            let events = try await platform.send(.get, "/_mock/events")
            XCTAssertEqual(events.status, .ok)
            let metrics = try await platform.send(.get, "/_mock/metrics").text
            XCTAssertTrue(metrics.contains(#"mockplatform_limit_rejections_total{limit="state_document"} \#(cases.count)"#), metrics)
        }
    }

    /// Event and push kinds are the modules' declarations: a document naming another kind is
    /// refused where it names it, and the tenant keeps its state.
    func testKindsNoModuleDeclaresAreRefusedNamingTheField() async throws {
        try await TestPlatform.run { platform in
            try await platform.createDriver("d1")
            try await platform.send(.post, "/_mock/webhooks/endpoints", json: ["url": "http://127.0.0.1:1/hook", "enabled": false])
            try await platform.send(.post, "/_mock/webhooks/trigger", json: ["event": "engagement", "driver_id": "d1"])
            let exported = try await platform.send(.get, "/_mock/state")
            let document = try JSONDecoder().decode(JSONValue.self, from: exported.body)
            let push: JSONValue = .object([
                "id": .string("push_1"), "createdAt": .integer(1_700_000_000),
                "push": .object([
                    "platform": .string("ios"), "deviceToken": .string("ab"), "kind": .string("fax"), "payload": .object([:]),
                ]),
            ])
            let events = "qualification, non_telematics_qualification, disqualification_status, offer_retraction, offer_click, engagement, silent_push_notification"
            let cases: [(String, JSONValue, String)] = [
                ("events.events.0.kind", .string("fax"), "events.events.0.kind must be one of \(events)"),
                ("stores.control.endpoints.0.events.2", .string("fax"), "stores.control.endpoints.0.events.2 must be one of \(events)"),
                ("stores.control.messages.0.event", .string("fax"), "stores.control.messages.0.event must be one of \(events)"),
                ("outbox.entries", .array([push]),
                 "outbox.entries.0.push.kind must be one of iql_qualification, iql_heartbeat, synerise_campaign, wallet_pass_update"),
            ]
            for (path, value, detail) in cases {
                let broken = Self.replacing(path.split(separator: ".").map(String.init)[...], in: document, with: value)
                let reply = try await platform.send(.put, "/_mock/state", body: broken.text, headers: [.contentType: "application/json"])
                reply.assertProblem(.badRequest, "state is not valid: " + detail)
            }
            let still = try await platform.send(.get, "/_mock/state")
            XCTAssertEqual(still.text, exported.text, "the tenant is unchanged")
        }
    }

    /// `node` with the value at a dotted path of object keys and array indexes replaced.
    private static func replacing(_ keys: ArraySlice<String>, in node: JSONValue, with value: JSONValue) -> JSONValue {
        guard let key = keys.first else { return value }
        switch node {
        case .array(var items):
            guard let index = Int(key), items.indices.contains(index) else { return node }
            items[index] = replacing(keys.dropFirst(), in: items[index], with: value)
            return .array(items)
        case .object(var fields):
            fields[key] = replacing(keys.dropFirst(), in: fields[key] ?? .null, with: value)
            return .object(fields)
        default:
            return node
        }
    }

    /// Integers a client sent and the mock keeps verbatim may be any 64-bit value: a state
    /// holding them still exports and imports.
    func testClientIntegersKeptVerbatimSurviveAnImport() async throws {
        try await TestPlatform.run { platform in
            try await platform.createDriver("d1")
            let feedback: [String: Any] = ["driver_id": "d1", "data": ["error_code": Int64.max, "timestamp": Int64.min]]
            let reported = try await platform.iql(.post, "/iql/v1/silentpush/error/info", json: feedback)
            XCTAssertEqual(reported.status, .ok, reported.text)
            let exported = try await platform.send(.get, "/_mock/state")
            let imported = try await platform.send(.put, "/_mock/state", body: exported.text, headers: [.contentType: "application/json"])
            XCTAssertEqual(imported.status, .ok, imported.text)
        }
    }

    /// The id generators' states are written as decimal strings, so a document holds them
    /// exactly (a JSON number read back through a Double does not).
    func testIDGeneratorStatesRoundTripExactly() throws {
        var generator = IDGenerator(seed: UInt64.max - 12_345)
        let data = try JSONEncoder().encode(generator)
        XCTAssertEqual(String(decoding: data, as: UTF8.self), #"{"state":"18446744073709539270"}"#)
        var restored = try JSONDecoder().decode(IDGenerator.self, from: JSONValue.object(["state": .string("18446744073709539270")]).encoded())
        XCTAssertEqual(restored.next(), generator.next())
        let legacy = try JSONDecoder().decode(IDGenerator.self, from: Data(#"{"state": 42}"#.utf8))
        XCTAssertEqual(legacy, IDGenerator(seed: 42))
    }

    /// The ids of the events two triggers record: the first right after the export (or after
    /// importing it), the second after importing the same document.
    private static func triggeredIDs(_ platform: TestPlatform, startingWithExport: Bool) async throws -> [String] {
        let document = try await platform.send(.get, "/_mock/state").text
        var ids: [String] = []
        for round in 0..<2 {
            if round == 1 || !startingWithExport {
                let imported = try await platform.send(.put, "/_mock/state", body: document, headers: [.contentType: "application/json"])
                XCTAssertEqual(imported.status, .ok, imported.text)
            }
            try await platform.send(.post, "/_mock/webhooks/trigger", json: ["event": "engagement", "driver_id": "d1"])
            let events = try await platform.send(.get, "/_mock/events").json()["events"] as? [[String: Any]]
            ids.append(try XCTUnwrap(events?.last?["id"] as? String))
        }
        return ids
    }

    func testWithoutSeedEachImportReseedsSoIDsNeverRepeat() async throws {
        try await TestPlatform.run { platform in
            let ids = try await Self.triggeredIDs(platform, startingWithExport: false)
            XCTAssertNotEqual(ids[0], ids[1], "two imports of one document")
        }
    }

    func testWithSeedAnImportContinuesTheDocumentsIDsExactly() async throws {
        var options = ServerOptions()
        options.seed = 20_261_125
        try await TestPlatform.run(options: options) { platform in
            let ids = try await Self.triggeredIDs(platform, startingWithExport: true)
            XCTAssertEqual(ids[0], ids[1], "export → import → the same request gives the same id")
        }
    }
}
