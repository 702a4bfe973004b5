import Foundation
import Logging
import ServiceLifecycle

/// At shutdown: writes the default tenant's state when asked (`--save-on-exit`, `AtomicFile`,
/// so a reader never sees half a document) and, with `--persist`, every tenant's changes
/// (`TenantPersistence`); then stops every tenant's timers and event subscriptions, and lets
/// each module end its own work (`PlatformModule.shutdown()`: the webhooks module waits a
/// bounded time for attempts under way).
struct TenantShutdown: Service {
    let tenants: TenantRegistry
    /// The server's modules, told last.
    let modules: [any PlatformModule]
    let stateFile: URL?
    var persistence: TenantPersistence? = nil
    let logger: Logger

    func run() async throws {
        try? await gracefulShutdown()
        await stop()
    }

    /// What a graceful stop does, in order.
    func stop() async {
        if let stateFile { await save(to: stateFile) }
        await persistence?.persistChanges(final: true)
        tenants.shutdown()
        for module in modules { await module.shutdown() }
    }

    private func save(to file: URL) async {
        do {
            try AtomicFile.write(TenantStateDocument.data(try await tenants.tenant(.default).snapshot()), to: file)
            logger.info("state saved", metadata: ["file": "\(file.path)"])
        } catch {
            logger.error("state not saved", metadata: ["file": "\(file.path)", "error": "\(StateFileFailure.reason(error))"])
        }
    }
}

extension TenantShutdown: CustomStringConvertible {
    /// Its name, which ServiceLifecycle takes at start: the default would describe every field,
    /// the modules and their ZIP directories included (100 ms at every start).
    package var description: String { "TenantShutdown" }
}
