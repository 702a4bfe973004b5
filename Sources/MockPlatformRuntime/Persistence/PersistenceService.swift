import Foundation
import ServiceLifecycle

/// Reads in the saved tenants (`TenantPersistence.restorePending`), then runs
/// `TenantPersistence.persistChanges()` every `--persist-interval` until the server stops (the
/// last pass at a graceful stop is `TenantShutdown`'s).
package struct PersistenceService: Service {
    package let persistence: TenantPersistence
    /// The saved tenants `prepareRestore` listed.
    package let pending: [URL]
    package let interval: Duration

    package init(persistence: TenantPersistence, pending: [URL], interval: Duration) {
        self.persistence = persistence
        self.pending = pending
        self.interval = interval
    }

    package func run() async {
        await persistence.restorePending(pending)
        await cancelWhenGracefulShutdown {
            while true {
                try? await Task.sleep(for: interval)
                guard !Task.isCancelled else { return }
                await persistence.persistChanges()
            }
        }
    }
}
