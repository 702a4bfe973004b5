import Foundation

/// A named preset of a tenant's state (`openapi/control.yaml` applyScenario), read from
/// `Resources/scenarios/<name>.json` when the server starts.
///
/// Applying one replaces the tenant with a fresh one from the fixtures plus the scenario: the
/// modules' parts (IQL's drivers, loyalty's members replacing fixture members of the same id)
/// and its fault rules. Instants are relative to the tenant clock at apply time, so a scenario
/// looks the same whenever it is applied.
package struct Scenario: Sendable {
    package let name: String
    package let description: String
    /// The modules' parts the file has, in the modules' order.
    package let parts: [any ScenarioPart]
    /// `POST /_mock/faults` bodies, installed in this order.
    package let faults: [[String: JSONValue]]

    /// The ids of what the part read from `field` adds, in file order; none when the file has
    /// no such part.
    package func ids(of field: String) -> [String] {
        parts.first { type(of: $0).field == field }?.ids ?? []
    }

    /// The fixtures a tenant of this scenario starts from.
    package func fixtures(over base: Fixtures) -> Fixtures {
        parts.reduce(base) { fixtures, part in part.fixtures(over: fixtures) }
    }

    /// Puts the parts and fault rules into `tenant`, a fresh tenant no request sees yet.
    package func populate(_ tenant: Tenant) async throws(APIError) {
        for part in parts { try await part.populate(tenant) }
        for fault in faults { _ = try tenant.runtime.faults.add(fault) }
    }
}
