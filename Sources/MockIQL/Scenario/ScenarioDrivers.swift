import MockPlatformKit

/// IQL's part of a scenario: the `drivers` it starts with (`ScenarioDriver`), settled into the
/// tenant's IQL store when the scenario is applied.
struct ScenarioDrivers: ScenarioPart {
    static let field = "drivers"
    let drivers: [ScenarioDriver]

    init(scenarioValue value: JSONValue, fixtures: Fixtures) throws(StartupError) {
        drivers = try Self.decode(value)
        if let problem = drivers.lazy.compactMap({ $0.problem(in: fixtures) }).first { throw StartupError(problem) }
        if let id = Self.duplicate(in: ids) { throw StartupError("driver \(id) is listed twice") }
    }

    var ids: [String] { drivers.map(\.id) }

    func populate(_ tenant: Tenant) async throws(APIError) {
        let iql = try tenant.store(IQLStore.self)
        let now = tenant.clock.now
        let campaigns = await iql.campaigns
        for driver in drivers {
            await iql.settle(try driver.driver(now: now, fixtures: tenant.runtime.fixtures, settings: tenant.settings.iql, campaigns: campaigns))
        }
    }
}
