import ControlAPI
import Foundation
import MockPlatformKit
import OpenAPIRuntime

/// State export and import (`openapi/control.yaml` exportState, importState).
extension ControlHandlers {
    func exportState(_ input: Operations.ExportState.Input) async throws -> Operations.ExportState.Output {
        let snapshot = try await Tenant.bound().snapshot()
        return .ok(.init(body: .json(try Self.wire(snapshot))))
    }

    func importState(_ input: Operations.ImportState.Input) async throws -> Operations.ImportState.Output {
        let binding = try Tenant.boundBinding()
        let snapshot = try Self.importedState.current()
        let tenant = try binding.registry.reset(binding.name, restoring: snapshot)
        return .ok(.init(body: .json(try Self.wire(try await tenant.snapshot()))))
    }

    private static func wire(_ snapshot: TenantSnapshot) throws -> Components.Schemas.TenantState {
        try JSONDecoder().decode(Components.Schemas.TenantState.self, from: TenantStateDocument.data(snapshot))
    }
}
