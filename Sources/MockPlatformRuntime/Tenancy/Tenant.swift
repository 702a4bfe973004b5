import Foundation
import Synchronization

/// Everything one tenant owns: its runtime (clock, settings, event log, timers) and one store
/// per platform module.
///
/// No request of one tenant can reach another tenant's object: handlers only ever see the
/// tenant bound to their request (`Tenant.bound()`).
package final class Tenant: Sendable {
    package let name: TenantName
    /// Wall-clock instant the tenant was first created; kept across resets.
    package let createdAt: Date
    package let runtime: TenantRuntime
    /// The scenario this tenant was made for and when (tenant clock); nil for a plain reset.
    package let appliedScenario: (name: String, at: Date)?
    /// The answers its cached reads gave, sent again while they hold.
    package let responseCache = ResponseCache()
    /// Module stores by their modules' state keys.
    private let stores: [String: any ModuleStore]
    /// The same stores by their type, for `store(_:)`.
    private let storesByType: [ObjectIdentifier: any ModuleStore]
    /// The stores that build their module's events by hand, by the kinds their module declares.
    private let eventBuilders: [EventKind: any EventBuilder]
    /// The first store, in module order, that is a push address book (the publisher backend's
    /// device registry); nil when no module keeps one.
    package let pushAddressBook: (any PushAddressBook)?
    /// The platforms whose stores build events by hand (`EventBuilder.platformName`), in module
    /// order.
    package let eventBuilderNames: [String]
    /// Wall-clock milliseconds since 1970 of the last request that used the tenant (of its
    /// making, before any).
    private let lastUsedMilliseconds: Atomic<Int64>
    /// Requests the front door is answering on this tenant (`TenantRegistry.entered`): while
    /// any is, the tenant is neither dropped as idle nor deleted.
    private let requestsInFlight = Atomic(0)
    /// Set once the registry no longer holds the tenant (a reset, a scenario, a delete or the
    /// idle sweep put another in its place or none).
    private let retired = Atomic(false)

    /// A tenant from the fixtures, or restored from `snapshot`; its timers start running.
    package init(
        name: TenantName, createdAt: Date, modules: [any TenantModule], kinds: KnownKinds, fixtures: Fixtures, seed: IDSeed,
        journalCapacity: Int = RequestJournal.defaultCapacity, quotas: TenantQuotas = TenantQuotas(),
        maxBytes: Int = TenantStorage.defaultMaxBytes,
        wallClock: @escaping @Sendable () -> Date, restoring snapshot: TenantSnapshot? = nil, scenario: String? = nil
    ) throws {
        if let snapshot { try Self.checkKinds(of: snapshot, known: kinds) }
        let clock = TenantClock(wallClock: wallClock, setting: snapshot?.clock ?? .real)
        let changes = StateRevision(), storage = TenantStorage(maxBytes: maxBytes)
        runtime = TenantRuntime(
            name: name,
            clock: clock,
            configuration: TenantConfiguration(snapshot?.settings ?? fixtures.settings),
            events: EventLog(storage: storage, restoring: snapshot?.events),
            scheduler: TenantScheduler(clock: clock, changes: changes),
            outbox: PushOutbox(
                clock: clock, ids: snapshot?.outbox.map { seed.generator(for: "outbox", restoring: $0.ids) } ?? seed.generator(for: "outbox"),
                storage: storage, restoring: snapshot?.outbox
            ),
            journal: RequestJournal(capacity: journalCapacity, maxBytes: maxBytes / 4, storage: storage, ids: seed.generator(for: "journal")),
            faults: FaultRules(clock: clock, ids: seed.generator(for: "faults"), quotas: quotas),
            seed: seed,
            quotas: quotas,
            storage: storage,
            fixtures: fixtures,
            kinds: kinds,
            changes: changes
        )
        self.name = name
        self.createdAt = createdAt
        lastUsedMilliseconds = Atomic(Self.milliseconds(wallClock()))
        appliedScenario = scenario.map { ($0, clock.now) }
        var stores: [String: any ModuleStore] = [:]
        var builders: [EventKind: any EventBuilder] = [:], builderNames: [String] = []
        var addressBook: (any PushAddressBook)?
        // The stores made so far are subscribed to the event log: a failure ends them with it.
        let scheduler = runtime.scheduler, events = runtime.events
        func abandon() {
            scheduler.shutdown()
            events.finish()
        }
        for module in modules {
            let made: (any ModuleStore)?
            // Where the snapshot keeps the store's state: under its key, else where an older document did.
            let key = snapshot.flatMap { $0.stores[module.stateKey] == nil ? module.formerStateKey(in: $0.stores) : module.stateKey }
            do {
                made = try module.makeStore(for: runtime, restoring: key.flatMap { snapshot?.stores[$0] })
            } catch {
                abandon()
                throw RestoredValueCheck.refusal(error, under: "stores.\(key ?? module.stateKey).")
            }
            guard let store = made else { continue }
            guard stores[module.stateKey] == nil else {
                abandon()
                throw StartupError("two modules keep their state under \(module.stateKey): give one of them another stateKey")
            }
            stores[module.stateKey] = store
            if addressBook == nil { addressBook = store as? any PushAddressBook }
            if let builder = store as? any EventBuilder {
                for kind in module.eventKinds { builders[kind] = builder }
                builderNames.append(type(of: builder).platformName)
            }
        }
        self.stores = stores
        pushAddressBook = addressBook
        eventBuilders = builders
        eventBuilderNames = builderNames
        storesByType = Dictionary(stores.values.map { (ObjectIdentifier(type(of: $0)), $0) }) { first, _ in first }
        runtime.scheduler.start()
    }

    /// Every event and push kind in a restored event log and outbox is one the modules declare;
    /// a 400 naming the first that is not.
    private static func checkKinds(of snapshot: TenantSnapshot, known: KnownKinds) throws(APIError) {
        do {
            for (index, event) in snapshot.events.events.enumerated() { try known.check(event.kind, at: "events.events.\(index).kind") }
            for (index, entry) in (snapshot.outbox?.entries ?? []).enumerated() {
                try known.check(entry.push.kind, at: "outbox.entries.\(index).push.kind")
            }
        } catch {
            throw RestoredValueCheck.refusal(error)
        }
    }

    /// When a request last used the tenant (wall clock); when it was made (or reset) before any.
    package var lastUsed: Date { Date(timeIntervalSince1970: Double(lastUsedMilliseconds.load(ordering: .relaxed)) / 1_000) }

    package func markUsed(at now: Date) { lastUsedMilliseconds.store(Self.milliseconds(now), ordering: .relaxed) }

    /// Counts a request the front door began on the tenant; `requestEnded` uncounts it.
    package func requestBegan() { requestsInFlight.add(1, ordering: .relaxed) }

    /// The front door has answered a request `requestBegan` counted.
    package func requestEnded() { requestsInFlight.subtract(1, ordering: .relaxed) }

    /// Whether a request is being answered on the tenant.
    package var hasRequestsInFlight: Bool { requestsInFlight.load(ordering: .relaxed) > 0 }

    /// Whether the registry still holds this tenant under its name: the front door journals a
    /// request into the tenant it began on while it is, and looks the name up again only
    /// once it is not.
    package var isCurrent: Bool { !retired.load(ordering: .acquiring) }

    /// Called by the registry, under its lock, when it stops holding the tenant.
    package func retire() { retired.store(true, ordering: .releasing) }

    private static func milliseconds(_ date: Date) -> Int64 { Int64(saturating: date.timeIntervalSince1970 * 1_000, rounding: .down) }

    package var clock: TenantClock { runtime.clock }

    /// The store that builds events of `kind` by hand: that of the module declaring it, if it
    /// builds its events (`EventBuilder`).
    package func eventBuilder(for kind: EventKind) -> (any EventBuilder)? { eventBuilders[kind] }
    package var events: EventLog { runtime.events }
    /// The settings in force now.
    package var settings: TenantSettings { runtime.configuration.current }

    /// The settings in force now, and how long an answer read from them holds.
    package var keptSettings: (settings: TenantSettings, validity: CacheValidity) { runtime.configuration.kept }

    /// Asks every module store whether it can work with `settings` (`ModuleStore.checkSettings`):
    /// the first refusal, in store key order.
    package func checkSettings(_ settings: TenantSettings) throws(APIError) {
        for name in stores.keys.sorted() { try stores[name]?.checkSettings(settings) }
    }

    /// Applies a settings change (`PATCH /_mock/config`) in one step; when the settings did
    /// change, every module store is told (the IQL engine re-evaluates and re-sets its timers).
    /// Returns the settings in force after it.
    @discardableResult
    package func changeSettings(_ change: (TenantSettings) -> TenantSettings) async -> TenantSettings {
        if runtime.configuration.update(change) {
            for name in stores.keys.sorted() { await stores[name]?.settingsChanged() }
        }
        return settings
    }

    /// The store of type `Store`; a 500 when no module of this server provides one.
    package func store<Store: ModuleStore>(_ type: Store.Type = Store.self) throws(APIError) -> Store {
        guard let store = storesByType[ObjectIdentifier(Store.self)] as? Store else { throw .internal }
        return store
    }

    /// The stores whose records the integration audit reads, in module order.
    package var traceSources: [any TraceSource] {
        stores.keys.sorted().compactMap { stores[$0] as? any TraceSource }
    }

    /// Returns once every store that consumes events has taken in those recorded so far.
    package func caughtUp() async {
        for store in stores.values { await store.caughtUp() }
    }

    /// The whole state, consistent across stores and the event log: retried until no store
    /// recorded an event, and no change spanning stores ran (`CrossStoreChanges`), while the
    /// stores were read.
    package func snapshot() async throws -> TenantSnapshot {
        await caughtUp()
        var attempt = 0
        while true {
            attempt += 1
            let before = events.nextSequence, changes = runtime.crossStoreChanges.settled
            var states: [String: StoreState] = [:]
            for (name, store) in stores { states[name] = try await store.snapshot() }
            let log = events.snapshot()
            let whole = changes != nil && runtime.crossStoreChanges.settled == changes
            if (log.nextSequence == before && whole) || attempt == 10 {
                return TenantSnapshot(
                    version: TenantSnapshot.currentVersion, clock: clock.setting, settings: settings, events: log,
                    outbox: runtime.outbox.snapshot(), stores: states
                )
            }
        }
    }

    /// Stops the tenant's timers and ends its event subscriptions (on reset and at shutdown).
    package func shutdown() {
        runtime.scheduler.shutdown()
        runtime.events.finish()
    }
}
