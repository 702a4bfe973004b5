import Foundation

/// Everything one tenant owns: settings, clock and the per-platform stores.
///
/// No request of one tenant can reach another tenant's object: handlers only ever see the
/// tenant bound to their request (`Tenant.current`).
public final class Tenant: Sendable {
    public let name: TenantName
    /// Wall-clock instant the tenant was first created; kept across resets.
    public let createdAt: Date
    public let settings: TenantSettings
    public let clock: TenantClock
    public let iql: IQLStore
    /// Everything the tenant's platforms emitted, oldest first.
    public let events: EventLog
    public let devices: DeviceRegistry
    /// Insurer picker choices, without `Other`.
    public let insurers: [String]

    public init(name: TenantName, createdAt: Date, fixtures: Fixtures, wallClock: @escaping @Sendable () -> Date) {
        self.name = name
        self.createdAt = createdAt
        settings = fixtures.settings
        clock = TenantClock(wallClock: wallClock)
        events = EventLog()
        iql = IQLStore(campaigns: fixtures.campaigns, settings: fixtures.settings, events: events, ids: IDGenerator(seedName: name.rawValue))
        devices = DeviceRegistry()
        insurers = fixtures.insurers
    }

    /// The tenant of the request being handled.
    @TaskLocal public static var current: Tenant?

    /// The bound tenant, or an internal error when a handler runs outside a request.
    public static func bound() throws -> Tenant {
        guard let tenant = current else { throw APIError(.internalServerError, "no tenant bound to this request") }
        return tenant
    }
}
