import Foundation
import Logging
import ServiceLifecycle

/// At shutdown: writes the default tenant's state when asked (`--save-on-exit`: a temporary
/// file renamed over `stateFile`, so a reader never sees half a document), stops every
/// tenant's timers and event subscriptions, then lets each module end its own work
/// (`PlatformModule.shutdown()`: the webhooks module waits a bounded time for attempts under way).
struct TenantShutdown: Service {
    let tenants: TenantRegistry
    let stateFile: URL?
    let logger: Logger

    func run() async throws {
        try? await gracefulShutdown()
        await stop()
    }

    /// What a graceful stop does, in order.
    func stop() async {
        if let stateFile { await save(to: stateFile) }
        tenants.shutdown()
        for module in tenants.modules { await module.shutdown() }
    }

    private func save(to file: URL) async {
        do {
            let data = try TenantStateDocument.data(try await tenants.tenant(.default).snapshot())
            let temporary = file.deletingLastPathComponent().appendingPathComponent(".\(file.lastPathComponent).\(ProcessInfo.processInfo.processIdentifier).tmp")
            try data.write(to: temporary)
            if FileManager.default.fileExists(atPath: file.path) {
                _ = try FileManager.default.replaceItemAt(file, withItemAt: temporary)
            } else {
                try FileManager.default.moveItem(at: temporary, to: file)
            }
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
        case let error as CocoaError:
            return "file error \(error.code.rawValue)\(error.filePath.map { " at \($0)" } ?? "")"
        default:
            return "\(type(of: error))"
        }
    }
}
