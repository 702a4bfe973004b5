import Foundation
import HTTPTypes
@testable import MockPlatform
@testable import MockPlatformKit
@testable import MockPlatformRuntime
import OpenAPIRuntime
import XCTest

/// The recipe for a new platform (docs/architecture.md, "Modules"), followed by a
/// module defined here, outside the server library: it declares its own event and push kinds,
/// sets its own timer, answers its own control operations under `/_mock/parcels/`, builds its
/// events for the webhook trigger, reads its own fixture file and its part of a scenario file,
/// and bounds its own collection (`--quota parcels=N`). Nothing in the runtime, the control module or another
/// platform names it.
final class ThrowawayModuleTests: XCTestCase {
    /// The parcels module's document, served beside the bundled ones.
    static let documents = ["parcels": ParcelModule.document]

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

            try await platform.send(.post, "/_mock/clock", json: ["advance_seconds": ParcelStore.delay + 1])
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
            XCTAssertEqual(served.text, ParcelModule.document)
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
        try await TestPlatform.run(plugging: [ParcelModule(), BellModule()], documents: Self.documents) { platform in
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
        let snapshot = try await TestTenant.registry(adding: [ParcelModule()], documents: Self.documents).tenant(.default).snapshot()
        var document = try JSONDecoder().decode(JSONValue.self, from: TenantStateDocument.data(snapshot))
        document = try XCTUnwrap(document.setting(path: "stores.parcels.weightGrams", to: .integer(-1)))
        let plugged = try TestTenant.registry(adding: [ParcelModule()], documents: Self.documents)
        XCTAssertThrowsError(try TenantStateDocument.snapshot(
            from: document.encoded(), fields: plugged.stateFields, settings: plugged.settingsSchema
        )) { error in
            XCTAssertEqual((error as? APIError)?.message, "state is not valid: stores.parcels.weightGrams must be between 0 and 2^53")
        }
        let bundled = try TestTenant.registry()
        XCTAssertNoThrow(
            try TenantStateDocument.snapshot(from: document.encoded(), fields: bundled.stateFields, settings: bundled.settingsSchema),
            "no bundled module counts it"
        )
    }

    func testAStateHoldingItsKindRestoresOnlyWhereTheModuleIsPlugged() async throws {
        let tenant = try TestTenant.registry(adding: [ParcelModule()], documents: Self.documents).tenant(.default)
        try tenant.clock.freeze(at: Date(timeIntervalSince1970: 1_800_000_000))
        try await tenant.store(ParcelStore.self).send("p1")
        try tenant.clock.advance(by: ParcelStore.delay + 1)
        let delivered = try await WebhookReceiver.eventually { !tenant.events.list(kind: .parcelDelivered).isEmpty }
        XCTAssertTrue(delivered)
        let snapshot = try await tenant.snapshot()

        let restored = try TestTenant.registry(adding: [ParcelModule()], documents: Self.documents).reset(.default, restoring: snapshot)
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
        XCTAssertThrowsError(try TestPlatform.makeResponder(options: options, plugging: [ParcelModule()], documents: Self.documents)) { error in
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
        XCTAssertThrowsError(try TestPlatform.makeResponder(fixtures: try Fixtures.load(from: folder), plugging: [ParcelModule()], documents: Self.documents)) { error in
            XCTAssertTrue("\(error)".hasPrefix("fixture file parcels.json: delivered must be a list"), "\(error)")
        }

        try Data(#"{"delivered": ["p9"]}"#.utf8).write(to: file)
        try await TestPlatform.run(fixtures: try Fixtures.load(from: folder), plugging: [ParcelModule()], documents: Self.documents) { platform in
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
        try await TestPlatform.run(options: options, plugging: [ParcelModule()], documents: Self.documents, test)
    }

    func testAKindDeclaredTwiceOrMisspeltStopsTheStart() {
        XCTAssertThrowsError(try TestTenant.registry(adding: [ParcelModule(), ParcelModule()], documents: Self.documents)) { error in
            XCTAssertEqual((error as? FixtureError)?.description, #"event kind "parcel_delivered" is declared twice"#)
        }
        XCTAssertThrowsError(try TestTenant.registry(adding: [ParcelModule(eventKinds: [EventKind(rawValue: "Parcel-Delivered")])], documents: Self.documents)) { error in
            XCTAssertEqual((error as? FixtureError)?.description, #"event kind "Parcel-Delivered" must match ^[a-z][a-z0-9_]*$"#)
        }
    }
}

extension EventKind {
    static let parcelDelivered = EventKind(rawValue: "parcel_delivered")
}

extension TenantQuotas.Collection {
    static let parcels = Self("parcels", defaultLimit: 1_000)
}

extension PushKind {
    static let parcelNotice = PushKind(rawValue: "parcel_notice")
}

/// A parcel service: a parcel sent through its control operation is delivered one timer
/// later, which records a `parcel_delivered` event and a `parcel_notice` push.
private struct ParcelModule: PlatformModule {
    static let document = """
        openapi: 3.1.0
        info:
          title: Parcels control API
          version: '1'
        paths:
          /_mock/parcels/{parcel_id}:
            parameters:
              - name: parcel_id
                in: path
                required: true
                schema:
                  type: string
            get:
              operationId: getParcel
              responses:
                '200':
                  description: Whether the parcel was delivered.
                  content:
                    application/json:
                      schema:
                        type: object
            post:
              operationId: sendParcel
              responses:
                '202':
                  description: Sent; delivered one timer later.

        """

    var name: String { "parcels" }
    var pathPrefixes: [String] { ["/_mock/parcels/"] }
    var eventKinds: [EventKind] = [.parcelDelivered]
    var pushKinds: [DeclaredPushKind] { [DeclaredPushKind(.parcelNotice)] }
    /// A count its state documents may hold: a state document's check knows it from here.
    var stateFields: StateFields { StateFields(counters: ["weightGrams"]) }
    var scenarioParts: [any ScenarioPart.Type] { [DeliveredParcels.self] }
    var quotaCollections: [TenantQuotas.Collection] { [.parcels] }
    var fixtureParts: [any FixturePart.Type] { [ParcelFixtures.self] }

    func makeStore(for runtime: TenantRuntime, restoring snapshot: StoreState?) throws -> (any ModuleStore)? {
        try ParcelStore(runtime: runtime, restoring: snapshot)
    }

    func registerHandlers(on transport: any ServerTransport, configuration: Configuration) throws {
        try transport.register({ _, _, metadata in
            let id = String(metadata.pathParameters["parcel_id"] ?? "")
            let delivered = try await Tenant.bound().store(ParcelStore.self).isDelivered(id)
            let body = #"{"delivered":\#(delivered),"parcel_id":"\#(id)"}"#
            return (HTTPResponse(status: .ok, headerFields: [.contentType: "application/json"]), HTTPBody(body))
        }, method: .get, path: "/_mock/parcels/{parcel_id}")
        try transport.register({ _, _, metadata in
            try await Tenant.bound().store(ParcelStore.self).send(String(metadata.pathParameters["parcel_id"] ?? ""))
            return (HTTPResponse(status: .accepted), nil)
        }, method: .post, path: "/_mock/parcels/{parcel_id}")
    }
}

/// The parcels module's fixture file: `parcels.json`, optional, the ids of parcels every new
/// tenant has delivered.
private struct ParcelFixtures: FixturePart, Decodable {
    var delivered: [String] = []

    static func load(from folder: URL) throws -> ParcelFixtures {
        try Fixtures.decodeIfPresent(ParcelFixtures.self, "parcels.json", in: folder) ?? ParcelFixtures()
    }
}

/// The parcels module's part of a scenario: `parcels`, ids of parcels already delivered.
private struct DeliveredParcels: ScenarioPart {
    static let field = "parcels"
    let ids: [String]

    init(scenarioValue value: JSONValue, fixtures: Fixtures) throws(FixtureError) {
        guard let ids = value.strings else { throw FixtureError("parcels must be a list of parcel ids") }
        self.ids = ids
    }

    func populate(_ tenant: Tenant) async throws(APIError) {
        try await tenant.store(ParcelStore.self).markDelivered(ids)
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

private actor ParcelStore: ModuleStore, EventBuilder {
    static let delay: TimeInterval = 60
    static let platformName = "Parcels"
    let runtime: TenantRuntime
    private var delivered: Set<String>
    private var sent: Set<String> = []

    init(runtime: TenantRuntime, restoring snapshot: StoreState?) throws {
        self.runtime = runtime
        delivered = Set(try snapshot?.json().objectValue?["delivered"]?.strings ?? runtime.fixtures[ParcelFixtures.self].delivered)
    }

    func snapshot() -> StoreState { StoreState(.object(["delivered": .array(delivered.sorted().map(JSONValue.string))])) }

    func isDelivered(_ id: String) -> Bool { delivered.contains(id) }

    func markDelivered(_ ids: [String]) { delivered.formUnion(ids) }

    /// Sets the parcel's timer on the tenant clock.
    func send(_ id: String) throws(APIError) {
        if !sent.contains(id) { try runtime.quotas.admit(.parcels, to: sent.count) }
        sent.insert(id)
        runtime.scheduler.schedule(TimerKey(owner: "parcels", name: id), at: runtime.clock.now.addingTimeInterval(Self.delay)) { [self] in
            await deliver(id)
        }
    }

    /// A delivery notice for the parcel `subject`, built by hand: the parcel is not delivered.
    func event(_ kind: EventKind, subject: String) -> PlatformEvent {
        PlatformEvent(
            id: "evt-by-hand-\(subject)", kind: kind, subject: subject, createdAt: runtime.clock.now,
            payload: .object(["parcel_id": .string(subject)])
        )
    }

    private func deliver(_ id: String) {
        delivered.insert(id)
        let now = runtime.clock.now
        runtime.events.append([PlatformEvent(id: "evt-\(id)", kind: .parcelDelivered, subject: id, createdAt: now, payload: .object([:]))])
        runtime.outbox.append([Push(
            platform: .android, deviceToken: "parcel-device", holder: id, kind: .parcelNotice, campaignID: nil,
            payload: .object(["data": .object(["parcel_id": .string(id)])]), apnsHeaders: nil
        )])
    }
}
