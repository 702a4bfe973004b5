import Foundation
import ServiceLifecycle

/// Reads in the saved tenants (`TenantPersistence.restorePending`), then runs
/// `TenantPersistence.persistChanges()` every `--persist-interval` until the server stops (the
/// last pass at a graceful stop is `TenantShutdown`'s).
struct PersistenceService: Service {
    let persistence: TenantPersistence
    /// The saved tenants `prepareRestore` listed.
    let pending: [URL]
    let interval: Duration

    func run() async {
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
