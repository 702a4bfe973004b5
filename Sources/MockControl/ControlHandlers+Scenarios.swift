import ControlAPI
import Foundation
import MockPlatformKit

/// Scenarios (`openapi/control.yaml`, tag scenarios).
extension ControlHandlers {
    func listScenarios(_ input: Operations.ListScenarios.Input) async throws -> Operations.ListScenarios.Output {
        let binding = try Tenant.boundBinding()
        let applied = binding.registry.existing(binding.name)?.appliedScenario
        let scenarios = binding.registry.scenarios.scenarios.map { scenario in
            Self.wire(scenario, appliedAt: applied?.name == scenario.name ? applied?.at : nil)
        }
        return .ok(.init(body: .json(.init(scenarios: scenarios))))
    }

    func applyScenario(_ input: Operations.ApplyScenario.Input) async throws -> Operations.ApplyScenario.Output {
        let binding = try Tenant.boundBinding()
        guard let scenario = binding.registry.scenarios.scenario(named: input.path.name) else {
            let names = binding.registry.scenarios.scenarios.map(\.name)
            let hint = NearestName.to(input.path.name, among: names).map { " (did you mean \($0)?)" } ?? ""
            throw APIError.notFound("no scenario \(input.path.name)\(hint)")
        }
        let tenant = try await binding.registry.apply(scenario, to: binding.name)
        return .ok(.init(body: .json(Self.wire(scenario, appliedAt: tenant.appliedScenario?.at))))
    }

    /// The listing's `drivers` and `members` are the ids of whichever parts the file's fields
    /// of those names were read into (IQL's and loyalty's).
    private static func wire(_ scenario: Scenario, appliedAt: Date?) -> Components.Schemas.Scenario {
        .init(
            name: scenario.name, description: scenario.description, drivers: scenario.ids(of: "drivers"),
            members: scenario.ids(of: "members"),
            appliedAt: appliedAt
        )
    }
}
