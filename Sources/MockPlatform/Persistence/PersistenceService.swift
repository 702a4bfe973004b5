import ServiceLifecycle

/// Runs `TenantPersistence.persistChanges()` every `--persist-interval` until the server stops
/// (the last pass at a graceful stop is `TenantShutdown`'s).
struct PersistenceService: Service {
    let persistence: TenantPersistence
    let interval: Duration

    func run() async {
        await cancelWhenGracefulShutdown {
            while true {
                try? await Task.sleep(for: interval)
                guard !Task.isCancelled else { return }
                await persistence.persistChanges()
            }
        }
    }
}
