import Foundation
import Logging
@testable import MockPlatform
@testable import MockPlatformKit
@testable import MockPlatformRuntime
import OpenAPIRuntime
import Synchronization
import XCTest

/// What happens at a graceful stop (`Server/TenantShutdown.swift`).
final class TenantShutdownTests: XCTestCase {
    /// Each module ends its own work (the webhooks module's attempts under way) after the
    /// tenants have stopped: the runtime knows no module's work by name.
    func testEveryModuleIsToldAfterTheTenantsStop() async throws {
        let log = StopLog()
        let module = StoppingModule(log: log)
        let registry = try TestTenant.registry(adding: [module])
        log.tenant.withLock { $0 = try? registry.tenant(.default) }
        await TenantShutdown(tenants: registry, modules: [module], stateFile: nil, logger: Logger(label: "test")).stop()
        XCTAssertEqual(log.stops.withLock { $0 }, [true], "told once, when the tenant's timers had stopped")
    }

    /// ServiceLifecycle names each service at start by describing it: the shutdown service holds
    /// the modules, whose description would walk their ZIP directories on every start.
    func testItsNameIsShort() throws {
        let registry = try TestTenant.registry()
        let shutdown = TenantShutdown(tenants: registry, modules: try TestPlatform.makeResponder().0.modules.all, stateFile: nil, logger: Logger(label: "test"))
        XCTAssertEqual("\(shutdown)", "TenantShutdown")
    }
}

/// What `StoppingModule` saw: for each time it was told to stop, whether the tenant's timers
/// had already stopped.
private final class StopLog: Sendable {
    let stops = Mutex<[Bool]>([])
    let tenant = Mutex<Tenant?>(nil)
}

/// A module with no routes that notes each time the server tells it to stop.
private struct StoppingModule: PlatformModule {
    let log: StopLog
    var name: String { "stopping" }
    var document: String { "control" }
    var pathPrefixes: [String] { ["/_mock/stopping/"] }

    func registerHandlers(on transport: any ServerTransport, configuration: Configuration) throws {}

    func shutdown() async {
        let tenant = log.tenant.withLock { $0 }
        let probe = TimerKey(owner: "stopping", name: "probe")
        tenant?.runtime.scheduler.schedule(probe, at: .distantFuture) {}
        let stopped = tenant.map { $0.runtime.scheduler.due(probe) == nil } ?? false
        log.stops.withLock { $0.append(stopped) }
    }
}
