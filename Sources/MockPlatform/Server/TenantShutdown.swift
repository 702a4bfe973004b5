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
        await persistence?.persistChanges()
        tenants.shutdown()
        for module in tenants.modules { await module.shutdown() }
    }

    private func save(to file: URL) async {
        do {
            try AtomicFile.write(TenantStateDocument.data(try await tenants.tenant(.default).snapshot()), to: file)
            logger.info("state saved", metadata: ["file": "\(file.path)"])
        } catch {
            logger.error("state not saved", metadata: ["file": "\(file.path)", "error": "\(Self.reason(error))"])
        }
    }

    /// Why a save failed, without the values involved: an encoding error's description holds
    /// the value it could not encode — the snapshot with its secrets and tokens — so only
    /// where it failed and the encoder's own words are kept.
    static func reason(_ error: any Error) -> String {
        switch error {
        case EncodingError.invalidValue(_, let context):
            let path = context.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: ".")
            return "cannot encode \(path.isEmpty ? "the state" : path): \(context.debugDescription)"
        case let error as POSIXError:
            return "file error \(error.code.rawValue) (\(String(cString: strerror(error.code.rawValue))))"
        case let error as CocoaError:
            return "file error \(error.code.rawValue)\(error.filePath.map { " at \($0)" } ?? "")"
        default:
            return "\(type(of: error))"
        }
    }
}
