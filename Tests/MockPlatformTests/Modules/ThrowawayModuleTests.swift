import Foundation
import HTTPTypes
import MockParcels
@testable import MockPlatform
@testable import MockPlatformKit
@testable import MockPlatformRuntime
import OpenAPIRuntime
import XCTest

/// The recipe for a new platform (docs/architecture.md, "Modules"), followed by a platform
/// built outside the server, as the real ones are (`Tests/MockParcels` on the module kit, its
/// generated `APIProtocol` from `Tests/ParcelsAPI/openapi.yaml`) and listed with one line: it
/// declares its own event and push kinds, a process-wide option (`--parcel-delay`), a setting
/// (`parcels_depot`) and a guard (`X-Parcels-Key`), sets its own timer, answers its own API and
/// its control operations under `/_mock/parcels/`, builds its events for the webhook trigger,
/// reads its own fixture file and its part of a scenario file, and bounds its own collection
/// (`--quota parcels=N`). Nothing in the runtime, the control module or another platform names it.
final class ThrowawayModuleTests: XCTestCase {
    /// The server's platforms and the parcels: the one line a new platform adds.
    static let platforms = MockPlatformServer.platforms + [ParcelsPlatform.self]

    /// The parcels document, served beside the bundled ones.
    static let documents = [
        "parcels": (try? String(contentsOf: LayeringTests.root.appendingPathComponent("Tests/ParcelsAPI/openapi.yaml"), encoding: .utf8)) ?? "",
    ]

    func testItsControlOperationsTimerEventAndPushWorkThroughTheServer() async throws {
        try await Self.run { platform in
            try await platform.send(.post, "/_mock/clock", json: ["now": "2030-01-01T00:00:00Z"])
            let endpoint = try await platform.send(.post, "/_mock/webhooks/endpoints", json: ["url": "http://127.0.0.1:1/hook", "enabled": false])
            XCTAssertEqual((try endpoint.json()["events"] as? [String])?.last, "parcel_delivered", "subscribed by default")

            let sent = try await platform.send(.post, "/_mock/parcels/p1")
            XCTAssertEqual(sent.status, .accepted, sent.text)
            try await platform.send(.get, "/_mock/parcels/p1").assertJSON(["parcel_id": "p1", "delivered": false])
            let timers = try await platform.send(.get, "/_mock/timers").text
            XCTAssertTrue(timers.contains("parcels:p1"), timers)

            try await platform.send(.post, "/_mock/clock", json: ["advance_seconds": ParcelsModule.defaultDelay + 1])
            try await platform.send(.get, "/_mock/parcels/p1").assertJSON(["parcel_id": "p1", "delivered": true])
            let events = try await platform.send(.get, "/_mock/events?type=parcel_delivered").json()["events"] as? [[String: Any]]
            XCTAssertEqual(events?.map { $0["driver_id"] as? String }, ["p1"])
            let messages = try await platform.send(.get, "/_mock/webhooks/messages?event=parcel_delivered").json()["messages"] as? [Any]
            XCTAssertEqual(messages?.count, 1)
            let pushes = try await platform.send(.get, "/_mock/pushes?kind=parcel_notice").json()["pushes"] as? [[String: Any]]
            XCTAssertEqual(pushes?.map { $0["device_token"] as? String }, ["parcel-device"])

            let journal = try await platform.send(.get, "/_mock/requests").text
            XCTAssertFalse(journal.contains("/_mock/parcels"), "a control operation is not journalled: \(journal)")
            try await platform.send(.get, "/_mock/parcels").assertProblem(.notFound, "unknown control endpoint")
            let served = try await platform.send(.get, "/_mock/openapi/parcels.yaml")
            XCTAssertEqual(served.text, Self.documents["parcels"])
        }
    }

    func testItsStoreBuildsItsEventsForTheTrigger() async throws {
        try await Self.run { platform in
            let triggered = try await platform.send(
                .post, "/_mock/webhooks/trigger", json: ["event": "parcel_delivered", "driver_id": "p7", "overrides": ["note": "left at door"]]
            )
            XCTAssertEqual(triggered.status, .accepted, triggered.text)
            XCTAssertEqual(try triggered.json()["event_id"] as? String, "evt-by-hand-p7")
            let events = try await platform.send(.get, "/_mock/events?type=parcel_delivered").json()["events"] as? [[String: Any]]
            XCTAssertEqual(events?.count, 1)
            XCTAssertEqual(events?.first?["payload"] as? [String: String], ["parcel_id": "p7", "note": "left at door"])
            try await platform.send(.get, "/_mock/parcels/p7").assertJSON(["parcel_id": "p7", "delivered": false])
        }
    }

    func testAKindWhoseStoreBuildsNoEventsIsRefusedNamingThoseThatDo() async throws {
        try await TestPlatform.run(platforms: Self.platforms, plugging: [BellModule()], documents: Self.documents) { platform in
            try await platform.send(.post, "/_mock/webhooks/trigger", json: ["event": "bell_rung", "driver_id": "d1"])
                .assertProblem(.badRequest, "a bell_rung event is not IQL's or Parcels's: only IQL's or Parcels's kinds can be triggered")
        }
    }

    func testItsControlOperationsAreTheControlPlanes() async throws {
        var options = ServerOptions()
        options.adminToken = "s3cret"
        try await Self.run(options: options) { platform in
            try await platform.send(.get, "/_mock/parcels/p1")
                .assertProblem(.unauthorized, "this control route needs Authorization: Bearer <admin token> (the server's --admin-token, MOCK_PLATFORM_ADMIN_TOKEN)")
            let allowed = try await platform.send(.get, "/_mock/parcels/p1", headers: [.authorization: "Bearer s3cret"])
            XCTAssertEqual(allowed.status, .ok, allowed.text)
            let fault = try await platform.send(
                .post, "/_mock/faults", json: ["path": "/_mock/parcels/**", "status": 503], headers: [.authorization: "Bearer s3cret"]
            )
            XCTAssertEqual(fault.status, .created, fault.text)
            let unfaulted = try await platform.send(.get, "/_mock/parcels/p1", headers: [.authorization: "Bearer s3cret"])
            XCTAssertEqual(unfaulted.status, .ok, "faults never reach the control plane: \(unfaulted.text)")
        }
    }

    func testTheStateDocumentCheckReadsTheFieldsItDeclares() async throws {
        let snapshot = try await TestTenant.registry(platforms: Self.platforms, documents: Self.documents).tenant(.default).snapshot()
        var document = try JSONDecoder().decode(JSONValue.self, from: TenantStateDocument.data(snapshot))
        document = try XCTUnwrap(document.setting(path: "stores.parcels.weightGrams", to: .integer(-1)))
        let plugged = try TestTenant.registry(platforms: Self.platforms, documents: Self.documents)
        XCTAssertThrowsError(try TenantStateDocument.snapshot(
            from: document.encoded(), fields: plugged.stateFields, settings: plugged.settingsSchema
        )) { error in
            XCTAssertEqual((error as? APIError)?.message, "state is not valid: stores.parcels.weightGrams must be between 0 and 2^53")
        }
        // Without the platform, its settings are unknown keys: only the count is left to check.
        if case .object(var root) = document, case .object(var settings)? = root["settings"] {
            settings["parcels_depot"] = nil
            settings["parcels_per_van"] = nil
            root["settings"] = .object(settings)
            document = .object(root)
        }
        let bundled = try TestTenant.registry()
        XCTAssertNoThrow(
            try TenantStateDocument.snapshot(from: document.encoded(), fields: bundled.stateFields, settings: bundled.settingsSchema),
            "no bundled module counts it"
        )
    }

    func testAStateHoldingItsKindRestoresOnlyWhereTheModuleIsPlugged() async throws {
        let tenant = try TestTenant.registry(platforms: Self.platforms, documents: Self.documents).tenant(.default)
        try tenant.clock.freeze(at: Date(timeIntervalSince1970: 1_800_000_000))
        try await tenant.store(ParcelStore.self).send("p1")
        try tenant.clock.advance(by: TimeInterval(ParcelsModule.defaultDelay + 1))
        let delivered = try await WebhookReceiver.eventually { !tenant.events.list(kind: .parcelDelivered).isEmpty }
        XCTAssertTrue(delivered)
        let snapshot = try await tenant.snapshot()

        let restored = try TestTenant.registry(platforms: Self.platforms, documents: Self.documents).reset(.default, restoring: snapshot)
        let stillDelivered = try await restored.store(ParcelStore.self).isDelivered("p1")
        XCTAssertTrue(stillDelivered, "its store comes back from the snapshot")
        let index = try XCTUnwrap(snapshot.events.events.firstIndex { $0.kind == .parcelDelivered })
        XCTAssertThrowsError(try TestTenant.registry().reset(.default, restoring: snapshot)) { error in
            XCTAssertEqual(
                (error as? APIError)?.message,
                "state is not valid: events.events.\(index).kind must be one of \(EventKind.iql.map(\.rawValue).joined(separator: ", "))"
            )
        }
    }

    func testItsPartOfAScenarioIsCheckedAtStartAndApplied() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("parcel-scenarios-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("delivered-parcels.json")
        var options = ServerOptions()
        options.scenarios = folder

        try Data(#"{"description": "Two parcels", "parcels": "p1"}"#.utf8).write(to: file)
        XCTAssertThrowsError(try TestPlatform.makeResponder(options: options, platforms: Self.platforms, documents: Self.documents)) { error in
            XCTAssertTrue("\(error)".contains("delivered-parcels.json: parcels must be a list of parcel ids"), "\(error)")
        }
        XCTAssertThrowsError(try TestPlatform.makeResponder(options: options), "without the module, `parcels` is no scenario field") { error in
            XCTAssertTrue("\(error)".contains("`parcels` is not a scenario field"), "\(error)")
        }

        try Data(#"{"description": "Two parcels", "parcels": ["p1", "p2"]}"#.utf8).write(to: file)
        try await Self.run(options: options) { platform in
            try await platform.send(.get, "/_mock/parcels/p2").assertJSON(["parcel_id": "p2", "delivered": false])
            let applied = try await platform.send(.post, "/_mock/scenarios/delivered-parcels/apply")
            XCTAssertEqual(applied.status, .ok, applied.text)
            try await platform.send(.get, "/_mock/parcels/p2").assertJSON(["parcel_id": "p2", "delivered": true])
            try await platform.send(.get, "/_mock/parcels/p3").assertJSON(["parcel_id": "p3", "delivered": false])
        }
    }

    func testItsFixtureFileIsReadAtStartIntoEveryNewTenant() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("parcel-fixtures-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: TestFixtures.folder.resolvingSymlinksInPath(), to: folder)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("parcels.json")

        try Data(#"{"delivered": "p9"}"#.utf8).write(to: file)
        XCTAssertThrowsError(try TestPlatform.makeResponder(fixtures: try Fixtures.load(from: folder), platforms: Self.platforms, documents: Self.documents)) { error in
            XCTAssertTrue("\(error)".hasPrefix("fixture file parcels.json: delivered must be a list"), "\(error)")
        }

        try Data(#"{"delivered": ["p9"]}"#.utf8).write(to: file)
        try await TestPlatform.run(fixtures: try Fixtures.load(from: folder), platforms: Self.platforms, documents: Self.documents) { platform in
            try await platform.send(.get, "/_mock/parcels/p9").assertJSON(["parcel_id": "p9", "delivered": true])
            try await platform.send(.get, "/t/other/_mock/parcels/p9").assertJSON(["parcel_id": "p9", "delivered": true])
        }
    }

    func testItsQuotaIsNamedByItAndBoundsItsStore() async throws {
        var options = ServerOptions()
        try options.quotas.set(parsing: "parcels=1")
        XCTAssertThrowsError(try TestPlatform.makeResponder(options: options), "no bundled module bounds parcels") { error in
            XCTAssertTrue("\(error)".hasPrefix("quota must be NAME=N with NAME one of drivers"), "\(error)")
        }
        try await Self.run(options: options) { platform in
            let first = try await platform.send(.post, "/_mock/parcels/p1")
            XCTAssertEqual(first.status, .accepted, first.text)
            try await platform.send(.post, "/_mock/parcels/p2").assertProblem(.tooManyRequests, "tenant quota exceeded: parcels")
            try await platform.send(.get, "/_mock/parcels/p2").assertJSON(["parcel_id": "p2", "delivered": false])
            let refused = try await LimitMetrics.rejections("quota_parcels", platform)
            XCTAssertEqual(refused, 1)
        }
    }

    private static func run(options: ServerOptions = ServerOptions(), _ test: @escaping @Sendable (TestPlatform) async throws -> Void) async throws {
        try await TestPlatform.run(options: options, platforms: Self.platforms, documents: Self.documents, test)
    }

    /// Its own API: behind its guard, naming its setting as tenant.json sets it (its keys are
    /// read from tenant.json with the shared ones, and refused there by its own rules).
    func testItsAPIHasItsGuardAndReadsItsSetting() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("parcel-settings-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: TestFixtures.folder.resolvingSymlinksInPath(), to: folder)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("tenant.json")
        var settings = try JSONValue.parseObject(Data(contentsOf: file))
        settings["parcels_per_van"] = .integer(41)
        try JSONValue.object(settings).encoded().write(to: file)
        XCTAssertThrowsError(try TestPlatform.makeResponder(fixtures: try Fixtures.load(from: folder), platforms: Self.platforms, documents: Self.documents)) { error in
            XCTAssertEqual("\(error)", "fixture file tenant.json: parcels_per_van must be an integer between 1 and 40 — point --fixtures (MOCK_PLATFORM_FIXTURES) at a folder like Resources/fixtures")
        }
        settings["parcels_per_van"] = nil
        settings["parcels_depot"] = .string("south")
        try JSONValue.object(settings).encoded().write(to: file)
        try await TestPlatform.run(fixtures: try Fixtures.load(from: folder), platforms: Self.platforms, documents: Self.documents) { platform in
            try await platform.send(.get, "/parcels/v1/parcels/p1")
                .assertProblem(.unauthorized, "X-Parcels-Key must be one of the tenant's API keys")
            let key: HTTPFields = [HTTPField.Name("X-Parcels-Key")!: "mock-api-key"]
            try await platform.send(.get, "/parcels/v1/parcels/p1", headers: key)
                .assertJSON(["parcel_id": "p1", "delivered": false, "depot": "south"])
        }
    }

    /// Its process-wide option: declared by its platform, read as `serve` reads the others (a
    /// flag over its variable), refused at start when its module refuses the value.
    func testItsProcessOptionIsReadAtStart() async throws {
        let declared = Self.platforms.flatMap { $0.processOptions }
        var options = ServerOptions()
        options.processOptions = try ProcessOptions(
            arguments: ["--parcel-delay", "30"], environment: ["MOCK_PLATFORM_PARCEL_DELAY": "90"], declared: declared
        )
        XCTAssertEqual(options.processOptions[ParcelsPlatform.delay], "30", "a flag wins over its variable")
        try await Self.run(options: options) { platform in
            try await platform.send(.post, "/_mock/clock", json: ["now": "2030-01-01T00:00:00Z"])
            try await platform.send(.post, "/_mock/parcels/p1")
            try await platform.send(.post, "/_mock/clock", json: ["advance_seconds": 29])
            try await platform.send(.get, "/_mock/parcels/p1").assertJSON(["parcel_id": "p1", "delivered": false])
            try await platform.send(.post, "/_mock/clock", json: ["advance_seconds": 2])
            try await platform.send(.get, "/_mock/parcels/p1").assertJSON(["parcel_id": "p1", "delivered": true])
        }
        XCTAssertThrowsError(try ProcessOptions(arguments: ["--parcel-delays", "30"], environment: [:], declared: declared)) { error in
            XCTAssertEqual("\(error)", "unknown option '--parcel-delays' (did you mean --parcel-delay?)")
        }
        XCTAssertThrowsError(try ProcessOptions(arguments: ["--parcel-delay", "30"], environment: [:], declared: MockPlatformServer.processOptions)) { error in
            XCTAssertTrue("\(error)".hasPrefix("unknown option '--parcel-delay'"), "only where the platform is listed: \(error)")
        }
        options.processOptions[ParcelsPlatform.delay] = "soon"
        XCTAssertThrowsError(try TestPlatform.makeResponder(options: options, platforms: Self.platforms, documents: Self.documents)) { error in
            XCTAssertEqual("\(error)", "parcel-delay must be a whole number of seconds, got 'soon'")
        }
    }

    func testAKindDeclaredTwiceOrMisspeltStopsTheStart() {
        XCTAssertThrowsError(try TestTenant.registry(platforms: Self.platforms, adding: [ParcelsModule()], documents: Self.documents)) { error in
            XCTAssertEqual((error as? StartupError)?.description, #"event kind "parcel_delivered" is declared twice"#)
        }
        XCTAssertThrowsError(try TestTenant.registry(adding: [ParcelsModule(eventKinds: [EventKind(rawValue: "Parcel-Delivered")])], documents: Self.documents)) { error in
            XCTAssertEqual((error as? StartupError)?.description, #"event kind "Parcel-Delivered" must match ^[a-z][a-z0-9_]*$"#)
        }
    }
}

/// A module that declares an event kind and keeps no store, so nothing builds its events by hand.
private struct BellModule: PlatformModule {
    var name: String { "bells" }
    /// It answers no operation of its own.
    var document: String { "control" }
    var pathPrefixes: [String] { ["/_mock/bells/"] }
    var eventKinds: [EventKind] { [EventKind(rawValue: "bell_rung")] }

    func registerHandlers(on transport: any ServerTransport, configuration: Configuration) throws {}
}
