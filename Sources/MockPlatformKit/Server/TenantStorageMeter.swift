import Foundation
import ServiceLifecycle

/// Measures each tenant's state document (`TenantStorage`) in the background, once a second
/// for a tenant that changed — never for a request — and a large one at most once per
/// `costFactor` times what measuring it costs (as `TenantPersistence` writes it), so that
/// keeping the byte budget up to date takes a few percent of a core at most.
package struct TenantStorageMeter: Service {
    package let tenants: TenantRegistry

    package init(tenants: TenantRegistry) {
        self.tenants = tenants
    }
    package var interval = Duration.seconds(1)

    package static let costFactor = TenantPersistence.costFactor
    package static let throttledCost = Duration.milliseconds(50)

    package func run() async {
        await cancelWhenGracefulShutdown {
            while true {
                try? await Task.sleep(for: interval)
                guard !Task.isCancelled else { return }
                await measure()
            }
        }
    }

    /// One round over the tenants.
    package func measure() async {
        for tenant in tenants.all() where !tenants.isRestoring(tenant.name) {
            let storage = tenant.runtime.storage, changes = tenant.runtime.changes.current
            let started = ContinuousClock.now, logs = storage.documentLogBytes
            guard storage.measureDue(changes: changes, now: started, costFactor: Self.costFactor, throttledCost: Self.throttledCost),
                  let document = try? TenantStateDocument.data(await tenant.snapshot())
            else { continue }
            storage.measured(bytes: document.count, logs: logs, changes: changes, cost: ContinuousClock.now - started)
        }
    }
}
