import Foundation

/// A tenant's whole state as one `Codable` value: clock setting, settings, event log and every
/// module store, taken consistently (`Tenant.snapshot()`). A fresh tenant restored from it
/// answers every request as the original did.
public struct TenantSnapshot: Sendable, Codable, Equatable {
    /// The format's version; a restore refuses any other.
    public static let currentVersion = 1

    public var version: Int
    public var clock: ClockSetting
    public var settings: TenantSettings
    public var events: EventLog.Snapshot
    /// The push outbox; absent in documents written before it existed.
    public var outbox: PushOutbox.Snapshot?
    /// Each module's store, by module name.
    public var stores: [String: JSONValue]
}
