import Foundation
import OpenAPIRuntime
import XCTest
@testable import MockPlatform

/// A platform module defined here, outside the server library, declares its own event kind and
/// sets its own timer; the runtime, the webhooks and the state document take both in without
/// naming it anywhere.
final class ThrowawayModuleTests: XCTestCase {
    func testItsEventKindIsKnownSubscribedToAndDelivered() async throws {
        let tenant = try TestTenant.registry(adding: [ParcelModule()]).tenant(.default)
        XCTAssertEqual(tenant.runtime.kinds.eventKinds.last, .parcelDelivered)
        XCTAssertEqual(tenant.runtime.kinds.pushKinds.last?.kind, .parcelNotice)

        let endpoint = try await tenant.webhooks.createEndpoint(url: "http://receiver.test/", events: nil, secret: nil, enabled: true)
        XCTAssertTrue(endpoint.accepts(.parcelDelivered), "an endpoint subscribes to every declared kind by default")

        try tenant.clock.freeze(at: Date(timeIntervalSince1970: 1_800_000_000))
        try await tenant.store(ParcelStore.self).arm()
        XCTAssertTrue(tenant.events.list(kind: .parcelDelivered).isEmpty, "the timer waits for the clock")
        try tenant.clock.advance(by: ParcelStore.delay + 1)
        let delivered = try await Self.eventually { tenant.events.list(kind: .parcelDelivered).first }
        XCTAssertEqual(delivered.driverID, "driver-1")
        await tenant.caughtUp()
        let messages = try await tenant.webhooks.messages(event: .parcelDelivered)
        XCTAssertEqual(messages.map(\.eventID), [delivered.id])
    }

    func testAStateHoldingItsKindRestoresOnlyWhereTheModuleIsPlugged() async throws {
        let tenant = try TestTenant.registry(adding: [ParcelModule()]).tenant(.default)
        try tenant.clock.freeze(at: Date(timeIntervalSince1970: 1_800_000_000))
        try await tenant.store(ParcelStore.self).arm()
        try tenant.clock.advance(by: ParcelStore.delay + 1)
        _ = try await Self.eventually { tenant.events.list(kind: .parcelDelivered).first }
        let snapshot = try await tenant.snapshot()

        XCTAssertNoThrow(try TestTenant.registry(adding: [ParcelModule()]).reset(.default, restoring: snapshot))
        let index = try XCTUnwrap(snapshot.events.events.firstIndex { $0.kind == .parcelDelivered })
        XCTAssertThrowsError(try TestTenant.registry().reset(.default, restoring: snapshot)) { error in
            XCTAssertEqual(
                (error as? APIError)?.message,
                "state is not valid: events.events.\(index).kind must be one of \(EventKind.iql.map(\.rawValue).joined(separator: ", "))"
            )
        }
    }

    private static func eventually<Value>(_ read: () async throws -> Value?) async throws -> Value {
        for _ in 0..<200 {
            if let value = try await read() { return value }
            try await Task.sleep(for: .milliseconds(10))
        }
        throw TimedOut()
    }

    private struct TimedOut: Error {}
}

extension EventKind {
    static let parcelDelivered = EventKind(rawValue: "parcel_delivered")
}

extension PushKind {
    static let parcelNotice = PushKind(rawValue: "parcel_notice")
}

/// A platform with no routes: it declares one event kind and one push kind, and its store
/// records a delivery one timer after it is armed.
private struct ParcelModule: PlatformModule {
    var name: String { "parcels" }
    var pathPrefixes: [String] { ["/parcels/"] }
    var errorShape: any ErrorShape { ProblemErrorShape(titles: [:], unknownRouteMessage: "unknown parcel endpoint") }
    var eventKinds: [EventKind] { [.parcelDelivered] }
    var pushKinds: [DeclaredPushKind] { [DeclaredPushKind(.parcelNotice)] }

    func makeStore(for runtime: TenantRuntime, restoring snapshot: JSONValue?) throws -> (any ModuleStore)? {
        ParcelStore(runtime: runtime)
    }

    func registerHandlers(on transport: any ServerTransport, configuration: Configuration) throws {}
}

private actor ParcelStore: ModuleStore {
    static let delay: TimeInterval = 60
    let runtime: TenantRuntime

    init(runtime: TenantRuntime) { self.runtime = runtime }

    func snapshot() -> JSONValue { .object([:]) }

    /// Sets the module's timer; when it fires, a `parcel_delivered` event is recorded.
    func arm() {
        let events = runtime.events
        let clock = runtime.clock
        runtime.scheduler.schedule(TimerKey(owner: "parcels", name: "parcel-1"), at: clock.now.addingTimeInterval(Self.delay)) {
            events.append([PlatformEvent(
                id: "evt_parcel_1", kind: .parcelDelivered, driverID: "driver-1", createdAt: clock.now, payload: .object([:])
            )])
        }
    }
}
