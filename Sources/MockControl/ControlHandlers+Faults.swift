import ControlAPI
import Foundation
import MockPlatformKit
import OpenAPIRuntime

/// Fault rules (`openapi/control.yaml`, tag faults).
extension ControlHandlers {
    /// A rule body is read by `FaultRule` itself, before the generated decoder, so that every
    /// refusal names its field; the handler stores the rule it read.
    static let faultRules: [String: OperationRule] = [
        Operations.CreateFault.id: .validating(into: newFault) { request in try FaultRule(body: request.json, id: "", createdAt: Date()) },
    ]

    private static let newFault = RuleValue<FaultRule>()

    func listFaults(_ input: Operations.ListFaults.Input) async throws -> Operations.ListFaults.Output {
        let rules = try Tenant.bound().runtime.faults.list()
        return .ok(.init(body: .json(.init(faults: try rules.map(Self.wire)))))
    }

    func createFault(_ input: Operations.CreateFault.Input) async throws -> Operations.CreateFault.Output {
        let rule = try Tenant.bound().runtime.faults.add(Self.newFault.current())
        return .created(.init(body: .json(try Self.wire(rule))))
    }

    func deleteFault(_ input: Operations.DeleteFault.Input) async throws -> Operations.DeleteFault.Output {
        try Tenant.bound().runtime.faults.remove(input.path.faultId)
        return .noContent(.init())
    }

    func clearFaults(_ input: Operations.ClearFaults.Input) async throws -> Operations.ClearFaults.Output {
        try Tenant.bound().runtime.faults.clear()
        return .noContent(.init())
    }

    private static func wire(_ rule: FaultRule) throws -> Components.Schemas.FaultRule {
        .init(
            id: rule.id, createdAt: rule.createdAt, method: rule.method, path: rule.path?.pattern, operationId: rule.operationID,
            target: .init(rawValue: rule.target.rawValue) ?? .api, status: rule.status, body: try rule.body?.decoded(),
            latencyMs: rule.latencyMilliseconds, latencyJitterMs: rule.latencyJitterMilliseconds,
            resetConnection: rule.resetConnection, emptyResponse: rule.emptyResponse, probability: rule.probability,
            seed: rule.seed.map { Int64(bitPattern: $0) }, times: rule.times, hits: rule.hits, retired: rule.retired
        )
    }
}
