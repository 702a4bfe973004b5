import Foundation

/// All tenants of the process, created on first use from the fixtures.
///
/// Each tenant's data lives in that tenant's own actors; the registry only maps names to them.
public actor TenantRegistry {
    public let fixtures: Fixtures
    private let wallClock: @Sendable () -> Date
    private var tenants: [TenantName: Tenant] = [:]
    /// Names in creation order.
    private var names: [TenantName] = []

    public init(fixtures: Fixtures, wallClock: @escaping @Sendable () -> Date = { Date() }) {
        self.fixtures = fixtures
        self.wallClock = wallClock
    }

    /// The named tenant, created from the fixtures on first use.
    public func tenant(_ name: TenantName) -> Tenant {
        if let tenant = tenants[name] { return tenant }
        let tenant = Tenant(name: name, createdAt: wallClock(), fixtures: fixtures, wallClock: wallClock)
        tenants[name] = tenant
        names.append(name)
        return tenant
    }

    /// The settings of the named tenant, or those it would be created with; creates nothing.
    public func settings(of name: TenantName) -> TenantSettings {
        tenants[name]?.settings ?? fixtures.settings
    }

    /// Replaces the tenant with a fresh one from the fixtures, in one step: requests already
    /// running finish against the old state, later ones see only the new.
    @discardableResult
    public func reset(_ name: TenantName) -> Tenant {
        let createdAt = tenants[name]?.createdAt ?? wallClock()
        let tenant = Tenant(name: name, createdAt: createdAt, fixtures: fixtures, wallClock: wallClock)
        if tenants[name] == nil { names.append(name) }
        tenants[name] = tenant
        return tenant
    }

    /// Every tenant: `default` first, then by creation.
    public func all() -> [Tenant] {
        let ordered = names.filter { $0 == .default } + names.filter { $0 != .default }
        return ordered.compactMap { tenants[$0] }
    }
}
