import Foundation

/// One tenant's IQL data: drivers and campaigns. All IQL state of a tenant lives here.
public actor IQLStore {
    private var drivers: [String: Driver] = [:]
    public private(set) var campaigns: [Campaign]

    public init(campaigns: [Campaign]) {
        self.campaigns = campaigns
    }

    public func driver(_ id: String) -> Driver? { drivers[id] }

    /// Applies a driverInfo PUT, creating the driver (opted in at `now`) when unknown.
    public func upsertInfo(_ change: DriverInfoChange, driverID: String, now: Date) {
        var driver = drivers[driverID] ?? Driver(id: driverID, optedInAt: now)
        change.apply(to: &driver)
        drivers[driverID] = driver
    }

    /// Stores a driver as given; for seeding and tests.
    public func put(_ driver: Driver) { drivers[driver.id] = driver }

    /// Every driver id, ascending.
    public func driverIDs() -> [String] { drivers.keys.sorted() }
}
