import Foundation
import Synchronization

/// All tenants of the process, created on first use from the fixtures.
///
/// Looking a tenant up is one short critical section. Each tenant's data lives in that tenant's
/// own stores; the registry only maps names to them. `default` always exists; at most
/// `maxTenants` exist in all, and a request for one more is refused with 429.
package final class TenantRegistry: Sendable {
    /// Tenants a server holds at most, unless `--max-tenants` says otherwise.
    package static let defaultMaxTenants = 1_000

    package let fixtures: Fixtures
    /// Presets a tenant can be reset to (`--scenarios`).
    package let scenarios: ScenarioCatalog
    /// The server's modules, in the order their routes are registered.
    package let modules: [any TenantModule]
    /// The event and push kinds the modules declare, the same for every tenant.
    package let kinds: KnownKinds
    /// The field names of the modules' stored state a state document's check must know.
    package let stateFields: StateFields
    private let maxTenants: Int
    private let runSeed: UInt64?
    /// Entries each tenant's request journal keeps.
    private let journalCapacity: Int
    /// Bounds of each tenant's collections.
    private let quotas: TenantQuotas
    /// Each tenant's byte budget (`--tenant-max-bytes`).
    package let tenantMaxBytes: Int
    /// Where limits that refuse a request are counted.
    package let metrics: PlatformMetrics
    private let wallClock: @Sendable () -> Date
    private let state = Mutex(State())

    private struct State {
        var tenants: [TenantName: Tenant] = [:]
        /// Names in creation order.
        var names: [TenantName] = []
        /// Resets so far, by name; kept when the tenant is replaced.
        var generations: [TenantName: Int] = [:]
        /// Tenants whose saved state is still being read in (`--persist`): they answer 503.
        var restoring: Set<TenantName> = []
    }

    /// How many tenants are still being restored: read without the lock, so that a request
    /// pays for the restore check only while one is under way.
    private let restoringCount = Atomic(0)

    /// A request to a tenant whose saved state is still being read in (503, `Retry-After: 1`).
    package static let stillRestoring = {
        var error = APIError(.serviceUnavailable, "tenant restoring")
        error.headers[.retryAfter] = "1"
        return error
    }()

    /// A new tenant past `--max-tenants` (429, counted as the `tenants` limit).
    package static let tenantLimitReached = APIError(.tooManyRequests, "tenant limit reached", limit: .tenants)

    package init(
        fixtures: Fixtures, scenarios: ScenarioCatalog = .empty, modules: [any TenantModule], maxTenants: Int = TenantRegistry.defaultMaxTenants,
        seed: UInt64? = nil, journalCapacity: Int = RequestJournal.defaultCapacity, quotas: TenantQuotas = TenantQuotas(),
        tenantMaxBytes: Int = TenantStorage.defaultMaxBytes, metrics: PlatformMetrics = PlatformMetrics(), wallClock: @escaping @Sendable () -> Date = { Date() }
    ) throws {
        self.journalCapacity = journalCapacity
        self.tenantMaxBytes = tenantMaxBytes
        self.quotas = quotas
        self.metrics = metrics
        self.fixtures = fixtures
        self.scenarios = scenarios
        self.modules = modules
        kinds = try KnownKinds(modules)
        stateFields = StateFields(modules)
        self.maxTenants = max(1, maxTenants)
        runSeed = seed
        self.wallClock = wallClock
        _ = try tenant(.default)
    }

    /// The named tenant, created from the fixtures on first use; 429 past the tenant limit.
    /// Marks the tenant as used now (for `expireIdle`).
    package func tenant(_ name: TenantName) throws(APIError) -> Tenant {
        let now = wallClock()
        let tenant = try state.withLock { state throws(APIError) -> Tenant in
            if let tenant = state.tenants[name] { return tenant }
            guard state.tenants.count < maxTenants else { throw Self.tenantLimitReached }
            let tenant = try make(name, createdAt: now, generation: 0, restoring: nil)
            state.tenants[name] = tenant
            state.names.append(name)
            return tenant
        }
        tenant.markUsed(at: now)
        return tenant
    }

    /// A tenant the caller already holds, marked as used now (for `expireIdle`).
    package func used(_ tenant: Tenant) -> Tenant {
        tenant.markUsed(at: wallClock())
        return tenant
    }

    /// The named tenant if it exists, counted as having a request in flight until the caller
    /// calls its `requestEnded()`, and marked as used now: the front door's lookup, so that
    /// neither the idle sweep nor a delete drops a tenant under a request (the count is taken
    /// in the same critical section that removal checks it in).
    package func entered(_ name: TenantName) -> Tenant? {
        let tenant = state.withLock { state in
            let tenant = state.tenants[name]
            tenant?.requestBegan()
            return tenant
        }
        tenant?.markUsed(at: wallClock())
        return tenant
    }

    /// Drops a tenant with everything it holds and stops its timers, freeing its slot; 409 for
    /// `default` and for a tenant a request is being answered on, 404 when there is no such
    /// tenant.
    package func remove(_ name: TenantName) throws(APIError) {
        guard name != .default else { throw APIError(.conflict, "the default tenant cannot be deleted") }
        let removed = try state.withLock { state throws(APIError) -> Tenant? in
            if state.tenants[name]?.hasRequestsInFlight == true {
                throw APIError(.conflict, "tenant \(name) is answering a request: delete it once that has ended")
            }
            return Self.remove(name, &state)
        }
        guard let removed else { throw .notFound("no tenant \(name)") }
        removed.shutdown()
    }

    /// Drops every tenant but `default` that no request has used for longer than `idle` and
    /// none is being answered on; returns their names.
    @discardableResult
    package func expireIdle(after idle: Duration) -> [TenantName] {
        let cutoff = wallClock().addingTimeInterval(-TimeInterval(idle.components.seconds) - Double(idle.components.attoseconds) / 1e18)
        let removed = state.withLock { state in
            state.names.filter { name in
                guard name != .default, let tenant = state.tenants[name] else { return false }
                return tenant.lastUsed < cutoff && !tenant.hasRequestsInFlight
            }.compactMap { Self.remove($0, &state) }
        }
        for tenant in removed { tenant.shutdown() }
        return removed.map(\.name)
    }

    private static func remove(_ name: TenantName, _ state: inout State) -> Tenant? {
        guard let tenant = state.tenants.removeValue(forKey: name) else { return nil }
        tenant.retire()
        state.names.removeAll { $0 == name }
        state.generations[name] = nil
        return tenant
    }

    /// Marks `names` as being restored: until `finishRestoring` names each, its requests answer
    /// 503 `tenant restoring` and nothing writes or drops its saved state.
    package func beginRestoring(_ names: [TenantName]) {
        state.withLock { state in
            for name in names where state.restoring.insert(name).inserted { restoringCount.add(1, ordering: .releasing) }
        }
    }

    /// Ends the restore of `name` (restored, set aside or refused: it answers as usual now).
    package func finishRestoring(_ name: TenantName) {
        state.withLock { state in
            if state.restoring.remove(name) != nil { restoringCount.subtract(1, ordering: .releasing) }
        }
    }

    /// Whether tenant `name`'s saved state is still being read in.
    package func isRestoring(_ name: TenantName) -> Bool {
        guard isRestoringAny else { return false }
        return state.withLock { $0.restoring.contains(name) }
    }

    /// Whether any tenant's saved state is still being read in.
    package var isRestoringAny: Bool { restoringCount.load(ordering: .acquiring) > 0 }

    /// The named tenant if it exists; creates nothing.
    package func existing(_ name: TenantName) -> Tenant? { state.withLock { $0.tenants[name] } }

    /// The tenant's now, without creating it: a tenant not yet created would start on the
    /// wall clock.
    package func now(of name: TenantName?) -> Date {
        name.flatMap(existing)?.clock.now ?? wallClock()
    }

    /// The settings of the named tenant, or those it would be created with; creates nothing.
    package func settings(of name: TenantName) -> TenantSettings {
        existing(name)?.settings ?? fixtures.settings
    }

    /// The keys every tenant's settings have: the shared ones and the modules' parts.
    package var settingsSchema: SettingsSchema { fixtures.settings.schema }

    /// Replaces the tenant with a fresh one from the fixtures (or from `snapshot`), in one step:
    /// requests already running finish against the old state, later ones see only the new. The
    /// old tenant's timers stop. The new tenant is built outside the registry's lock, so other
    /// tenants never wait for it.
    @discardableResult
    package func reset(_ name: TenantName, restoring snapshot: TenantSnapshot? = nil) throws(APIError) -> Tenant {
        let next = try nextGeneration(of: name)
        let tenant = try make(name, createdAt: next.createdAt, generation: next.generation, restoring: snapshot)
        swap(in: tenant, generation: next.generation)?.shutdown()
        return tenant
    }

    /// The generation and creation instant a replacement of `name` gets; 429 when it would be a
    /// new tenant past the limit.
    private func nextGeneration(of name: TenantName) throws(APIError) -> (generation: Int, createdAt: Date) {
        try state.withLock { state throws(APIError) -> (Int, Date) in
            let old = state.tenants[name]
            if old == nil, state.tenants.count >= maxTenants { throw Self.tenantLimitReached }
            return (state.generations[name, default: 0] + 1, old?.createdAt ?? wallClock())
        }
    }

    /// Puts `tenant` in its name's place; returns the tenant it replaced.
    private func swap(in tenant: Tenant, generation: Int) -> Tenant? {
        state.withLock { state in
            state.generations[tenant.name] = max(generation, state.generations[tenant.name, default: 0])
            let old = state.tenants[tenant.name]
            if old == nil { state.names.append(tenant.name) }
            state.tenants[tenant.name] = tenant
            old?.retire()
            return old
        }
    }

    /// Replaces the tenant with a fresh one from the fixtures plus `scenario`, in one step: the
    /// new tenant is built and populated before any request can see it, then swapped in as by
    /// `reset`.
    @discardableResult
    package func apply(_ scenario: Scenario, to name: TenantName) async throws(APIError) -> Tenant {
        let next = try nextGeneration(of: name)
        let tenant = try make(
            name, createdAt: next.createdAt, generation: next.generation, restoring: nil, scenario: scenario,
            fixtures: scenario.fixtures(over: fixtures)
        )
        do {
            try await scenario.populate(tenant)
        } catch {
            tenant.shutdown()
            throw error
        }
        swap(in: tenant, generation: next.generation)?.shutdown()
        return tenant
    }

    /// Every tenant: `default` first, then by creation.
    package func all() -> [Tenant] {
        state.withLock { state in
            let ordered = state.names.filter { $0 == .default } + state.names.filter { $0 != .default }
            return ordered.compactMap { state.tenants[$0] }
        }
    }

    /// Stops every tenant's timers and subscriptions (at server shutdown).
    package func shutdown() {
        for tenant in all() { tenant.shutdown() }
    }

    private func make(
        _ name: TenantName, createdAt: Date, generation: Int, restoring snapshot: TenantSnapshot?, scenario: Scenario? = nil,
        fixtures: Fixtures? = nil
    ) throws(APIError) -> Tenant {
        if let snapshot, snapshot.version != TenantSnapshot.currentVersion {
            throw .badRequest("state version must be \(TenantSnapshot.currentVersion)")
        }
        do {
            return try Tenant(
                name: name, createdAt: createdAt, modules: modules, kinds: kinds, fixtures: fixtures ?? self.fixtures,
                seed: IDSeed(runSeed: runSeed, tenant: name, generation: generation), journalCapacity: journalCapacity,
                quotas: quotas, maxBytes: tenantMaxBytes, wallClock: wallClock, restoring: snapshot, scenario: scenario?.name
            )
        } catch let error as APIError {
            throw error
        } catch {
            throw .badRequest("state is not valid: \(error)")
        }
    }
}
