import Foundation

/// A named preset of a tenant's state (`openapi/control.yaml` applyScenario), read from
/// `Resources/scenarios/<name>.json` when the server starts.
///
/// Applying one replaces the tenant with a fresh one from the fixtures plus the scenario: its
/// loyalty members (replacing fixture members of the same id), its IQL drivers and its fault
/// rules. Instants are relative to the tenant clock at apply time, so a scenario looks the same
/// whenever it is applied.
package struct Scenario: Sendable {
    package let name: String
    package let description: String
    let drivers: [ScenarioDriver]
    let members: [MemberFixture]
    /// `POST /_mock/faults` bodies, installed in this order.
    let faults: [[String: JSONValue]]

    /// The ids of the scenario's drivers, in file order.
    package var driverIDs: [String] { drivers.map(\.id) }
    /// The ids of the scenario's members, in file order.
    package var memberIDs: [String] { members.map(\.id) }

    /// The fixtures a tenant of this scenario starts from: the scenario's members replace those
    /// of the same id and follow the others.
    func fixtures(over base: Fixtures) -> Fixtures {
        var fixtures = base
        let replaced = Set(memberIDs)
        fixtures.members = base.members.filter { !replaced.contains($0.id) } + members
        return fixtures
    }

    /// Puts the drivers and fault rules into `tenant`, a fresh tenant no request sees yet.
    func populate(_ tenant: Tenant) async throws(APIError) {
        let iql = try tenant.store(IQLStore.self)
        let now = tenant.clock.now
        let settings = tenant.settings
        let campaigns = await iql.campaigns
        for driver in drivers {
            await iql.settle(try driver.driver(now: now, fixtures: tenant.runtime.fixtures, settings: settings, campaigns: campaigns))
        }
        for fault in faults { _ = try tenant.runtime.faults.add(fault) }
    }
}
