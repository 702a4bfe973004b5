import ControlAPI
import Foundation
import MockPlatformKit
import OpenAPIRuntime

/// The `/_mock` control API (`openapi/control.yaml`): health, readiness, specs, tenants, clock
/// and reset. Operations that need no tenant state (health, readiness, specs) create no tenant.
struct ControlHandlers: APIProtocol {
    let specs: SpecCatalog
    /// The base the served documents' `servers` name (`ServedSpec`).
    let publicURL: PublicBaseURL
    /// The server's metrics (`getMetrics`).
    let metrics: PlatformMetrics
    /// The dashboard's files (`getDashboard`).
    let dashboard: DashboardAssets

    /// Contract rules that must run before an operation's input is decoded; handlers take what
    /// they parsed (their `RuleValue`).
    static let rules: [String: OperationRule] = configRules.merging(faultRules) { first, _ in first }.merging([
        Operations.SetClock.id: .validating(into: clockChange) { request in try ClockChange(body: request.json) },
        Operations.ImportState.id: .validating(into: importedState) { request in
            let registry = try Tenant.boundBinding().registry
            return try TenantStateDocument.snapshot(
                from: JSONValue.object(request.json), fields: registry.stateFields, settings: registry.settingsSchema
            )
        },
    ]) { first, _ in first }

    private static let clockChange = RuleValue<ClockChange>()
    static let importedState = RuleValue<TenantSnapshot>()

    func getHealth(_ input: Operations.GetHealth.Input) async throws -> Operations.GetHealth.Output {
        .ok(.init(body: .json(.init(status: .ok))))
    }

    /// Fixtures are loaded before the server listens, so a server that answers is ready once
    /// the tenants `--persist` saved are back in (503 `restoring` until then).
    func getReady(_ input: Operations.GetReady.Input) async throws -> Operations.GetReady.Output {
        guard !(try Tenant.boundBinding().registry.isRestoringAny) else {
            return .serviceUnavailable(.init(body: .json(.init(status: .restoring))))
        }
        return .ok(.init(body: .json(.init(status: .ready))))
    }

    func getMetrics(_ input: Operations.GetMetrics.Input) async throws -> Operations.GetMetrics.Output {
        let tenants = try Tenant.boundBinding().registry.all()
        return .ok(.init(body: .plainText(HTTPBody(metrics.exposition(tenants: tenants)))))
    }

    func listSpecs(_ input: Operations.ListSpecs.Input) async throws -> Operations.ListSpecs.Output {
        .ok(.init(body: .json(.init(specs: specs.names))))
    }

    func getSpec(_ input: Operations.GetSpec.Input) async throws -> Operations.GetSpec.Output {
        guard let text = specs.documents[input.path.name] else {
            throw APIError.notFound("no spec named \(input.path.name)")
        }
        return .ok(.init(body: .yaml(HTTPBody(ServedSpec.text(text, base: publicURL.string)))))
    }

    func listTenants(_ input: Operations.ListTenants.Input) async throws -> Operations.ListTenants.Output {
        let binding = try Tenant.boundBinding()
        guard binding.name == .default else {
            throw APIError.notFound("tenants are listed by the default tenant only")
        }
        let summaries = binding.registry.all().map { Components.Schemas.TenantSummary(name: $0.name.rawValue, createdAt: $0.createdAt) }
        return .ok(.init(body: .json(.init(tenants: summaries))))
    }

    func deleteTenant(_ input: Operations.DeleteTenant.Input) async throws -> Operations.DeleteTenant.Output {
        let binding = try Tenant.boundBinding()
        guard binding.name == .default else {
            throw APIError.notFound("tenants are deleted by the default tenant only")
        }
        guard let name = TenantName(input.path.name) else { throw APIError.notFound("no tenant \(input.path.name)") }
        try binding.registry.remove(name)
        return .noContent(.init())
    }

    func resetTenant(_ input: Operations.ResetTenant.Input) async throws -> Operations.ResetTenant.Output {
        let binding = try Tenant.boundBinding()
        try binding.registry.reset(binding.name)
        return .ok(.init(body: .json(.init(reset: true))))
    }

    func listTimers(_ input: Operations.ListTimers.Input) async throws -> Operations.ListTimers.Output {
        // A timer due after the clock's last instant never fires; it is listed at that instant
        // (and one due before the first, at the first), so every listed instant can be written.
        let range = TenantClock.range
        let timers = try Tenant.bound().runtime.scheduler.pending.map { timer in
            Components.Schemas.Timer(key: timer.key.description, due: min(max(timer.due, range.lowerBound), range.upperBound))
        }
        return .ok(.init(body: .json(.init(timers: timers))))
    }

    func getClock(_ input: Operations.GetClock.Input) async throws -> Operations.GetClock.Output {
        .ok(.init(body: .json(try clockBody())))
    }

    func setClock(_ input: Operations.SetClock.Input) async throws -> Operations.SetClock.Output {
        let tenant = try Tenant.bound()
        let change = try Self.clockChange.current()
        // What the events recorded so far cause (pushes, webhook messages) is stamped with the
        // time before the change, however late the consumers run.
        await tenant.caughtUp()
        try change.apply(to: tenant.clock)
        await tenant.runtime.scheduler.fireDue()
        return .ok(.init(body: .json(try clockBody())))
    }

    private func clockBody() throws -> Components.Schemas.Clock {
        let reading = try Tenant.bound().clock.reading
        return .init(now: reading.now, mode: Components.Schemas.Clock.ModePayload(rawValue: reading.mode.rawValue) ?? .real)
    }
}
