import Foundation

/// A tenant's whole state as one `Codable` value: clock setting, settings, event log and every
/// module store, taken consistently (`Tenant.snapshot()`). A fresh tenant restored from it
/// answers every request as the original did.
package struct TenantSnapshot: Sendable, Codable, Equatable {
    /// The format's version; a restore refuses any other.
    package static let currentVersion = 1

    package var version: Int
    package var clock: ClockSetting
    package var settings: TenantSettings
    package var events: EventLog.Snapshot
    /// The push outbox; absent in documents written before it existed.
    package var outbox: PushOutbox.Snapshot?
    /// Each module's store, by its module's state key (`PlatformModule.stateKey`).
    package var stores: [String: StoreState]
}
