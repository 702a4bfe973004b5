import Foundation

/// One tenant's IQL data: drivers, campaigns and leads. All IQL state of a tenant lives here.
///
/// Every change and every read first runs the qualification engine for the drivers involved,
/// and records the events it emits in the tenant's event stream.
public actor IQLStore {
    private var drivers: [String: Driver] = [:]
    /// Accepted clicks, oldest first.
    public private(set) var leads: [Lead] = []
    public private(set) var campaigns: [Campaign]
    private let settings: TenantSettings
    private let events: EventLog
    private var ids: IDGenerator

    public init(campaigns: [Campaign], settings: TenantSettings, events: EventLog, ids: IDGenerator) {
        self.campaigns = campaigns
        self.settings = settings
        self.events = events
        self.ids = ids
    }

    /// The driver as of `now`, after the engine has run for it; nil when unknown.
    public func driver(_ id: String, now: Date) async -> Driver? {
        guard drivers[id] != nil else { return nil }
        await evaluate([id], now: now)
        return drivers[id]
    }

    /// Applies a driverInfo PUT, creating the driver (opted in at `now`) when unknown.
    public func upsertInfo(_ change: DriverInfoChange, driverID: String, now: Date) async {
        change.apply(to: &drivers[driverID, default: Driver(id: driverID, optedInAt: now)])
        await evaluate([driverID], now: now)
    }

    /// Changes a driver (created, opted in at `now`, when unknown), then runs the engine.
    /// `change` may refuse by throwing; nothing is stored then.
    @discardableResult
    public func update<T: Sendable>(
        _ driverID: String, now: Date, _ change: (inout Driver) throws(APIError) -> T
    ) async throws(APIError) -> T {
        var driver = drivers[driverID] ?? Driver(id: driverID, optedInAt: now)
        let result = try change(&driver)
        drivers[driverID] = driver
        await evaluate([driverID], now: now)
        return result
    }

    /// Changes a known driver: the engine first brings it up to `now`, then `change` runs, then
    /// the engine again. An unknown driver is refused with `unknown`; `change` may refuse by
    /// throwing; nothing is stored then.
    @discardableResult
    public func updateKnown<T: Sendable>(
        _ driverID: String, now: Date, unknown: APIError, _ change: (inout Driver) throws(APIError) -> T
    ) async throws(APIError) -> T {
        guard drivers[driverID] != nil else { throw unknown }
        await evaluate([driverID], now: now)
        guard var driver = drivers[driverID] else { throw unknown }
        let result = try change(&driver)
        drivers[driverID] = driver
        await evaluate([driverID], now: now)
        return result
    }

    /// Runs the engine for every driver: after a clock or campaign change.
    public func evaluateAll(now: Date) async {
        await evaluate(drivers.keys.sorted(), now: now)
    }

    /// Records a valid click (iql.md §2.9): a lead every time; on the first click of the
    /// (driver, offer) the offer is marked clicked and offerClick is emitted.
    public func click(
        offerID: String, driverID: String, payload: [String: JSONValue], now: Date
    ) async throws(APIError) -> (lead: Lead, campaign: Campaign) {
        guard var driver = await driver(driverID, now: now) else { throw .notFound("invalid driver id") }
        guard let index = driver.offers.firstIndex(where: { $0.offerID == offerID }),
              let campaign = campaigns.first(where: { $0.campaignID == driver.offers[index].campaignID })
        else { throw .notFound("invalid offer id") }
        guard !driver.offers[index].retracted else { throw .notFound("offer \(offerID) is no longer available") }
        let clickNumber = leads.filter { $0.driverID == driverID && $0.offerID == offerID }.count + 1
        let lead = Lead(leadID: ids.uuid(), driverID: driverID, offerID: offerID, clickedAt: now, clickNumber: clickNumber, payload: payload)
        leads.append(lead)
        if !driver.offers[index].clicked {
            driver.offers[index].clicked = true
            drivers[driverID] = driver
            let eventID = ids.uuid()
            await events.append([PlatformEvent(
                id: eventID, kind: .offerClick, driverID: driverID, createdAt: now,
                payload: .object([
                    "driver_id": .string(driverID),
                    "webhook_event_id": .string(eventID),
                    "webhook_created_at_timestamp": .integer(now.epochMilliseconds),
                    "type": .string("offer"),
                    "subtype": .string("offer_click"),
                    "metadata": .object([
                        "offer_id": .string(offerID),
                        "offer_type": .string(campaign.offerType),
                        "offer_subtype": .string(campaign.offerSubtype),
                        "advertiser_name": .string(campaign.advertiserName),
                        "offer_clicked_at_timestamp": .integer(now.epochMilliseconds),
                    ]),
                ])
            )])
        }
        return (lead, campaign)
    }

    /// Retracts an offer for one driver or every holder; offerRetraction goes only to drivers
    /// for whom it was the latest active offer. Returns how many offers were retracted.
    @discardableResult
    public func retract(offerID: String, driverID: String?, reason: String, now: Date) async -> Int {
        var emitted: [PlatformEvent] = []
        var count = 0
        for id in driverID.map({ [$0] }) ?? drivers.keys.sorted() {
            guard var driver = drivers[id],
                  let index = driver.offers.firstIndex(where: { $0.offerID == offerID && !$0.retracted }),
                  let campaign = campaigns.first(where: { $0.campaignID == driver.offers[index].campaignID })
            else { continue }
            let wasLatest = driver.latestActiveOffer(at: now)?.offerID == offerID
            driver.offers[index].retracted = true
            drivers[id] = driver
            count += 1
            guard wasLatest else { continue }
            emitted.append(PlatformEvent(
                id: ids.uuid(), kind: .offerRetraction, driverID: id, createdAt: now,
                payload: .object([
                    "driver_id": .string(id),
                    "publisher_app_id": .string(settings.publisherAppID),
                    "ad_id": .string(offerID),
                    "advertiser_id": .string(campaign.advertiserID),
                    "offer_retraction_reason": .string(reason),
                    "timestamp": .integer(now.epochMilliseconds),
                ])
            ))
        }
        if !emitted.isEmpty { await events.append(emitted) }
        return count
    }

    /// Adds a campaign; 409 when its id exists. Every driver is re-evaluated.
    public func addCampaign(_ campaign: Campaign, now: Date) async throws(APIError) {
        guard !campaigns.contains(where: { $0.campaignID == campaign.campaignID }) else {
            throw APIError(.conflict, "campaign \(campaign.campaignID) already exists")
        }
        campaigns.append(campaign)
        await evaluateAll(now: now)
    }

    /// Replaces a campaign in place; 404 when unknown. Every driver is re-evaluated.
    public func replaceCampaign(_ campaign: Campaign, now: Date) async throws(APIError) {
        guard let index = campaigns.firstIndex(where: { $0.campaignID == campaign.campaignID }) else {
            throw .notFound("no campaign \(campaign.campaignID)")
        }
        campaigns[index] = campaign
        await evaluateAll(now: now)
    }

    /// Removes a campaign; offers it granted stay with their drivers. 404 when unknown.
    public func deleteCampaign(_ campaignID: String) throws(APIError) {
        guard let index = campaigns.firstIndex(where: { $0.campaignID == campaignID }) else {
            throw .notFound("no campaign \(campaignID)")
        }
        campaigns.remove(at: index)
    }

    /// Stores a driver as given; for seeding and tests.
    public func put(_ driver: Driver) { drivers[driver.id] = driver }


    private func evaluate(_ driverIDs: [String], now: Date) async {
        let engine = QualificationEngine(campaigns: campaigns, settings: settings)
        var emitted: [PlatformEvent] = []
        for id in driverIDs {
            guard var driver = drivers[id] else { continue }
            emitted += engine.evaluate(&driver, now: now, ids: &ids)
            drivers[id] = driver
        }
        if !emitted.isEmpty { await events.append(emitted) }
    }
}
