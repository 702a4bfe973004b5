import Foundation
import MockPlatformKit

/// One tenant's IQL data: drivers, campaigns and leads. All IQL state of a tenant lives here.
///
/// Every operation reads "now" from the tenant clock inside the store, runs the qualification
/// engine for the drivers involved, and commits their state together with the events it
/// emitted, in one isolated step: readers never see an offer before its event, and event times
/// follow the order of the operations. After each engine run the driver's timer is set for the
/// next instant the engine has something to do (`EngineSchedule`), so time-based rules fire by
/// themselves while the clock runs. Until that instant the driver is settled: reads answer from
/// the stored driver without running the engine or writing anything.
package actor IQLStore: ModuleStore, EventBuilder {
    /// Leads kept per tenant; older ones are dropped (click numbers keep counting).
    package static let leadCapacity = 10_000

    /// The store's state, as a snapshot holds it.
    struct State: Codable, Sendable {
        var drivers: [String: Driver] = [:]
        var leads: [Lead] = []
        /// Clicks so far per driver and offer (`<driver>\n<offer>`), for `click_number`.
        var clickCounts: [String: Int] = [:]
        var campaigns: [QualificationCampaign]
        var ids: IDGenerator
    }

    private var state: State { didSet { revision.advance() } }
    private let runtime: TenantRuntime
    /// Drivers the engine has nothing to do for until their `nextDue`: derived, never
    /// snapshotted. A driver missing here is due (restored, or changed without an engine run).
    /// Changing it alone changes no answer (an answer read while its driver was due holds for
    /// no time), so it does not move `revision`; every entry it loses goes with a change of
    /// `state`.
    private var settled: [String: Settled] = [:]
    /// Advanced with every change of `state`: what a read answered holds while it stays
    /// (`keptRead`).
    package nonisolated let revision = StateRevision()

    /// When the engine last brought a driver up to date, and the next instant it has something
    /// to do for it (`EngineSchedule`; `distantFuture` when nothing).
    private struct Settled {
        let evaluatedAt: Date
        let nextDue: Date
    }

    init(runtime: TenantRuntime, restoring snapshot: StoreState?) throws {
        var initial = try snapshot.map { json in
            let restored = try Self.state(State.self, from: json)
            try runtime.quotas.checkRestored(.drivers, count: restored.drivers.count)
            try runtime.quotas.checkRestored(.trips, count: restored.drivers.values.map(\.trips.count).max() ?? 0)
            return restored
        } ?? State(campaigns: runtime.fixtures.campaigns, ids: runtime.seed.generator(for: "iql"))
        initial.ids = runtime.seed.generator(for: "iql", restoring: initial.ids)
        self.runtime = runtime
        state = initial
        let now = runtime.clock.now, schedule = EngineSchedule(campaigns: initial.campaigns, settings: runtime.settings.iql)
        runtime.scheduler.schedule(initial.drivers.values.compactMap { driver in
            schedule.nextEvaluation(of: driver, after: now).map { (TimerKey.iqlDriver(driver.id), $0, Self.timerAction(for: driver.id, store: self)) }
        })
    }

    package func snapshot() throws -> StoreState { try Self.json(state) }

    /// Accepted clicks, oldest first (the newest `leadCapacity`).
    package var leads: [Lead] { state.leads }
    package var campaigns: [QualificationCampaign] { state.campaigns }

    /// The driver as of now, after the engine has run for it when due; nil when unknown.
    package func driver(_ id: String) -> Driver? {
        guard let driver = state.drivers[id] else { return nil }
        let now = runtime.clock.now
        guard isDue(id, at: now) else {
            checkSettled(driver, now: now)
            return driver
        }
        evaluate([id], now: now)
        return state.drivers[id]
    }

    /// Every driver as of now, after the engine has run for each that is due, by id.
    package func allDrivers() -> [Driver] {
        let now = runtime.clock.now
        evaluate(state.drivers.keys.sorted().filter { isDue($0, at: now) }, now: now)
        return state.drivers.values.sorted { $0.id < $1.id }
    }

    /// The driver as the engine would leave it now, without keeping anything or emitting any
    /// event: what a contract rule looks at before a request is accepted.
    package func preview(_ id: String) -> Driver? {
        guard var driver = state.drivers[id] else { return nil }
        let now = runtime.clock.now
        guard isDue(id, at: now) else {
            checkSettled(driver, now: now)
            return driver
        }
        var ids = state.ids
        _ = engine.evaluate(&driver, now: now, ids: &ids)
        return driver
    }

    /// A read in one step: `answer` gets the driver as of now (the engine run first only when
    /// due), "now" and the campaigns, and may refuse (a query's 400) — then nothing is kept.
    /// Otherwise what the engine did is committed; a settled driver is neither written nor has
    /// its timer set again. `unknown` is thrown first when there is no such driver.
    package func read<T: Sendable>(
        _ id: String, unknown: APIError, _ answer: (DriverReading) throws(APIError) -> T
    ) throws(APIError) -> T {
        let now = runtime.clock.now
        guard var driver = state.drivers[id] else { throw unknown }
        guard isDue(id, at: now) else {
            checkSettled(driver, now: now)
            return try answer(DriverReading(driver: driver, now: now, campaigns: state.campaigns))
        }
        var ids = state.ids
        let stored = driver
        let emitted = engine.evaluate(&driver, now: now, ids: &ids)
        let result = try answer(DriverReading(driver: driver, now: now, campaigns: state.campaigns))
        if emitted.isEmpty, driver == stored, ids == state.ids {
            // Due, but the engine had nothing to do (a restored driver's first read, mostly):
            // nothing to write, and no answer already given changes.
            settled[id] = Settled(evaluatedAt: now, nextDue: scheduleTimer(for: driver, after: now) ?? .distantFuture)
            return result
        }
        state.ids = ids
        commit([driver], events: emitted, evaluatedAt: now)
        return result
    }

    /// `read`, and how long what it answered holds (`CacheValidity`): while the store is
    /// unchanged and until the engine next has something to do for the driver.
    package func keptRead<T: Sendable>(
        _ id: String, unknown: APIError, _ answer: (DriverReading) throws(APIError) -> T
    ) throws(APIError) -> (value: T, validity: CacheValidity) {
        // The span starts at the instant the answer was read for: the clock may have been set
        // back since.
        var readFor = Date.distantFuture
        let value = try read(id, unknown: unknown) { reading throws(APIError) in
            readFor = reading.now
            return try answer(reading)
        }
        return (value, CacheValidity(revision: revision, readAt: revision.current, from: readFor, until: settled[id]?.nextDue ?? readFor))
    }

    /// Applies a driverInfo PUT, creating the driver (opted in now) when unknown; 429 when a
    /// new driver passes the tenant's quota.
    package func upsertInfo(_ change: DriverInfoChange, driverID: String) throws(APIError) {
        let now = runtime.clock.now
        try admitDriver(driverID)
        change.apply(to: &state.drivers[driverID, default: Driver(id: driverID, optedInAt: now)])
        evaluate([driverID], now: now)
    }

    /// Changes a driver (created, opted in now, when unknown), then runs the engine. `change`
    /// gets "now" and may refuse by throwing; nothing is stored then, nor when a quota (drivers,
    /// trips per driver) would be passed.
    @discardableResult
    package func update<T: Sendable>(
        _ driverID: String, _ change: (inout Driver, Date) throws(APIError) -> T
    ) throws(APIError) -> T {
        let now = runtime.clock.now
        try admitDriver(driverID)
        var driver = state.drivers[driverID] ?? Driver(id: driverID, optedInAt: now)
        let tripsBefore = driver.trips.count
        let result = try change(&driver, now)
        try admitTrips(driver, before: tripsBefore)
        state.drivers[driverID] = driver
        evaluate([driverID], now: now)
        return result
    }

    /// Changes a known driver: the engine first brings it up to now, then `change` runs, then
    /// the engine again, all in one step. An unknown driver is refused with `unknown`; when
    /// `change` throws, nothing is kept, not even the first engine run.
    @discardableResult
    package func updateKnown<T: Sendable>(
        _ driverID: String, unknown: APIError, _ change: (inout Driver, Date) throws(APIError) -> T
    ) throws(APIError) -> T {
        let now = runtime.clock.now
        guard var driver = state.drivers[driverID] else { throw unknown }
        var ids = state.ids
        var emitted = engine.evaluate(&driver, now: now, ids: &ids)
        let tripsBefore = driver.trips.count
        let result = try change(&driver, now)
        try admitTrips(driver, before: tripsBefore)
        emitted += engine.evaluate(&driver, now: now, ids: &ids)
        state.ids = ids
        commit([driver], events: emitted, evaluatedAt: now)
        return result
    }

    /// Runs the engine for every driver: after a campaign change.
    package func evaluateAll() {
        evaluate(state.drivers.keys.sorted(), now: runtime.clock.now)
    }

    /// After a settings change, as after a campaign change: every driver is evaluated with the
    /// new settings (a rule they make due fires now) and its timer set anew.
    package func settingsChanged() { evaluateAll() }

    /// Records a valid click (`openapi/iql.yaml` adClickV3): a lead every time; on the first
    /// click of the (driver, offer) the offer is marked clicked and offerClick is emitted.
    package func click(
        offerID: String, driverID: String, payload: [String: JSONValue]
    ) throws(APIError) -> (lead: Lead, campaign: QualificationCampaign) {
        let now = runtime.clock.now
        guard state.drivers[driverID] != nil else { throw .notFound("invalid driver id") }
        if isDue(driverID, at: now) { evaluate([driverID], now: now) }
        guard var driver = state.drivers[driverID],
              let index = driver.offers.firstIndex(where: { $0.offerID == offerID }),
              let campaign = state.campaigns.first(where: { $0.campaignID == driver.offers[index].campaignID })
        else { throw .notFound("invalid offer id") }
        guard !driver.offers[index].retracted else { throw .notFound("offer \(offerID) is no longer available") }
        let countKey = driverID + "\n" + offerID
        state.clickCounts[countKey, default: 0] += 1
        let lead = Lead(
            leadID: state.ids.uuid(), driverID: driverID, offerID: offerID, clickedAt: now,
            clickNumber: state.clickCounts[countKey, default: 1], payload: payload
        )
        state.leads.append(lead)
        if state.leads.count > Self.leadCapacity { state.leads.removeFirst(state.leads.count - Self.leadCapacity) }
        var emitted: [PlatformEvent] = []
        if !driver.offers[index].clicked {
            driver.offers[index].clicked = true
            emitted.append(OfferClickEvent(driverID: driverID, offerID: offerID, campaign: campaign, now: now).event(ids: &state.ids))
        }
        commit([driver], events: emitted, evaluatedAt: nil)
        return (lead, campaign)
    }

    /// Retracts an offer for one driver or every holder; offerRetraction goes only to drivers
    /// for whom it was the latest active offer. Returns how many offers were retracted.
    @discardableResult
    package func retract(offerID: String, driverID: String?, reason: String) -> Int {
        let now = runtime.clock.now
        let settings = runtime.settings.iql
        var changed: [Driver] = []
        var emitted: [PlatformEvent] = []
        for id in driverID.map({ [$0] }) ?? state.drivers.keys.sorted() {
            guard var driver = state.drivers[id],
                  let index = driver.offers.firstIndex(where: { $0.offerID == offerID && !$0.retracted }),
                  let campaign = state.campaigns.first(where: { $0.campaignID == driver.offers[index].campaignID })
            else { continue }
            let wasLatest = driver.latestActiveOffer(at: now)?.offerID == offerID
            driver.offers[index].retracted = true
            changed.append(driver)
            guard wasLatest else { continue }
            emitted.append(OfferRetractionEvent(
                driverID: id, offerID: offerID, campaign: campaign, reason: reason, publisherAppID: settings.publisherAppID, now: now
            ).event(ids: &state.ids))
        }
        commit(changed, events: emitted, evaluatedAt: nil)
        return changed.count
    }

    /// Adds a campaign; 409 when its id exists, 429 past the tenant's quota. Every driver is
    /// re-evaluated.
    package func addCampaign(_ campaign: QualificationCampaign) throws(APIError) {
        guard !state.campaigns.contains(where: { $0.campaignID == campaign.campaignID }) else {
            throw APIError(.conflict, "campaign \(campaign.campaignID) already exists")
        }
        try runtime.quotas.admit(.qualificationCampaigns, to: state.campaigns.count)
        state.campaigns.append(campaign)
        evaluateAll()
    }

    /// Replaces a campaign in place; 404 when unknown. Every driver is re-evaluated.
    package func replaceCampaign(_ campaign: QualificationCampaign) throws(APIError) {
        guard let index = state.campaigns.firstIndex(where: { $0.campaignID == campaign.campaignID }) else {
            throw .notFound("no campaign \(campaign.campaignID)")
        }
        state.campaigns[index] = campaign
        evaluateAll()
    }

    /// Removes a campaign; offers it granted stay with their drivers. 404 when unknown.
    package func deleteCampaign(_ campaignID: String) throws(APIError) {
        guard let index = state.campaigns.firstIndex(where: { $0.campaignID == campaignID }) else {
            throw .notFound("no campaign \(campaignID)")
        }
        state.campaigns.remove(at: index)
        settled.removeAll()
        let now = runtime.clock.now
        for driver in state.drivers.values { scheduleTimer(for: driver, after: now) }
    }

    package static var platformName: String { "IQL" }

    /// An event of `kind` built by hand for the driver `subject` (`TriggeredEvent`), who need
    /// not exist; it takes ids as an emitted event does.
    package func event(_ kind: EventKind, subject driverID: String) throws(APIError) -> PlatformEvent {
        let now = runtime.clock.now
        let driver = preview(driverID) ?? Driver(id: driverID, optedInAt: now)
        return try TriggeredEvent(kind: kind, driver: driver, campaigns: state.campaigns, settings: runtime.settings.iql, now: now)
            .event(ids: &state.ids)
    }

    /// Stores a scenario's driver as the engine leaves it now, without recording the events its
    /// history implies (they happened before anyone watched); what happens next emits as usual.
    package func settle(_ driver: Driver) {
        var driver = driver
        let now = runtime.clock.now
        _ = engine.evaluate(&driver, now: now, ids: &state.ids)
        commit([driver], events: [], evaluatedAt: now)
    }

    /// Stores a driver as given, and sets its timer; for seeding and tests. The engine runs for
    /// it at its next use.
    package func put(_ driver: Driver) { commit([driver], events: [], evaluatedAt: nil) }

    /// 429 when `driverID` is new and the tenant holds its quota of drivers.
    private func admitDriver(_ driverID: String) throws(APIError) {
        guard state.drivers[driverID] == nil else { return }
        try runtime.quotas.admit(.drivers, to: state.drivers.count)
    }

    /// 429 when a change added trips and the driver now holds more than its quota.
    private func admitTrips(_ driver: Driver, before: Int) throws(APIError) {
        let added = driver.trips.count - before
        guard added > 0 else { return }
        try runtime.quotas.admit(.trips, adding: added, to: before)
    }

    private var engine: QualificationEngine {
        QualificationEngine(campaigns: state.campaigns, settings: runtime.settings.iql)
    }

    private func evaluate(_ driverIDs: [String], now: Date) {
        let engine = engine
        var changed: [Driver] = []
        var emitted: [PlatformEvent] = []
        for id in driverIDs {
            guard var driver = state.drivers[id] else { continue }
            emitted += engine.evaluate(&driver, now: now, ids: &state.ids)
            changed.append(driver)
        }
        commit(changed, events: emitted, evaluatedAt: now)
    }

    /// Stores drivers and records the events about them in the same isolated step, then sets
    /// each driver's timer. `evaluatedAt` is when the engine last ran for them, nil when they
    /// changed after it (they are due then).
    private func commit(_ drivers: [Driver], events: [PlatformEvent], evaluatedAt: Date?) {
        for driver in drivers { state.drivers[driver.id] = driver }
        runtime.events.append(events)
        let now = evaluatedAt ?? runtime.clock.now
        for driver in drivers {
            let due = scheduleTimer(for: driver, after: now)
            settled[driver.id] = evaluatedAt.map { Settled(evaluatedAt: $0, nextDue: due ?? .distantFuture) }
        }
    }

    /// Whether the engine may have something to do for the driver at `now`: unknown to
    /// `settled`, past its next instant, or the clock set back before its last run.
    private func isDue(_ id: String, at now: Date) -> Bool {
        guard let settled = settled[id] else { return true }
        return now < settled.evaluatedAt || now >= settled.nextDue
    }

    /// Debug builds check `EngineSchedule`'s promise on every run the store skips: the engine,
    /// run now, would change nothing and emit nothing.
    private func checkSettled(_ driver: Driver, now: Date) {
        #if DEBUG
        var copy = driver
        var ids = state.ids
        let emitted = engine.evaluate(&copy, now: now, ids: &ids)
        assert(copy == driver && emitted.isEmpty, "EngineSchedule missed a rule for driver \(driver.id) at \(now)")
        #endif
    }

    /// Sets (or clears) the driver's timer for the next instant after `now` the engine has work
    /// for it, and returns that instant. A timer already set for that instant stays.
    @discardableResult
    private func scheduleTimer(for driver: Driver, after now: Date) -> Date? {
        let key = TimerKey.iqlDriver(driver.id)
        let schedule = EngineSchedule(campaigns: state.campaigns, settings: runtime.settings.iql)
        guard let due = schedule.nextEvaluation(of: driver, after: now) else {
            runtime.scheduler.cancel(key)
            return nil
        }
        if runtime.scheduler.due(key) != due {
            runtime.scheduler.schedule(key, at: due, Self.timerAction(for: driver.id, store: self))
        }
        return due
    }

    /// What the driver's timer does: runs the engine for it.
    private static func timerAction(for driverID: String, store: IQLStore) -> TenantScheduler.Action {
        { [weak store] in await store?.timerFired(for: driverID) }
    }

    private func timerFired(for driverID: String) { evaluate([driverID], now: runtime.clock.now) }
}
