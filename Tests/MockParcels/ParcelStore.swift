import Foundation
import MockPlatformKit

/// One tenant's parcels: a parcel sent is delivered `delaySeconds` later on the tenant clock,
/// which records a `parcel_delivered` event and a `parcel_notice` push.
package actor ParcelStore: ModuleStore, EventBuilder {
    package static let platformName = "Parcels"
    let runtime: TenantRuntime
    /// Seconds from a send to its delivery (`--parcel-delay`).
    package let delaySeconds: Int
    private var delivered: Set<String>
    private var sent: Set<String> = []

    init(runtime: TenantRuntime, delaySeconds: Int, restoring snapshot: StoreState?) throws {
        self.runtime = runtime
        self.delaySeconds = delaySeconds
        delivered = Set(try snapshot?.json().objectValue?["delivered"]?.strings ?? runtime.fixtures[ParcelFixtures.self].delivered)
    }

    package func snapshot() -> StoreState { StoreState(.object(["delivered": .array(delivered.sorted().map(JSONValue.string))])) }

    package func isDelivered(_ id: String) -> Bool { delivered.contains(id) }

    package func markDelivered(_ ids: [String]) { delivered.formUnion(ids) }

    /// Sets the parcel's timer on the tenant clock; 429 past the `parcels` quota.
    package func send(_ id: String) throws(APIError) {
        if !sent.contains(id) { try runtime.quotas.admit(.parcels, to: sent.count) }
        sent.insert(id)
        let due = runtime.clock.now.addingTimeInterval(TimeInterval(delaySeconds))
        runtime.scheduler.schedule(TimerKey(owner: "parcels", name: id), at: due) { [self] in
            await deliver(id)
        }
    }

    /// A delivery notice for the parcel `subject`, built by hand: the parcel is not delivered.
    package func event(_ kind: EventKind, subject: String) -> PlatformEvent {
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
