import Crypto
import Foundation
import Logging
import Synchronization

/// `--persist`: every tenant's state kept on disk (`TenantStateFolder`) and restored at start,
/// so that a restart, or a crash, loses at most the changes of the last interval.
///
/// `persistChanges()` writes the tenants whose state document changed since it was last written
/// or read, and removes the files of tenants that are gone (deleted, or dropped for idleness);
/// `PersistenceService` calls it every `--persist-interval`, and `TenantShutdown` once more on a
/// graceful stop, before the tenants stop. A tenant whose change count (`TenantRuntime.changes`)
/// has not moved since its document was last written is not even read.
package final class TenantPersistence: Sendable {
    /// What was last written or read of one tenant.
    private struct Written: Sendable {
        /// The tenant it was taken from; nil once that tenant is gone (a reset replaced it).
        weak var tenant: Tenant?
        /// Its change count, read before the snapshot was taken.
        var changes: UInt64
        /// A SHA-256 digest of the document.
        var digest: Data
    }

    let tenants: TenantRegistry
    let folder: TenantStateFolder
    let logger: Logger
    private let written = Mutex<[TenantName: Written]>([:])
    /// One pass at a time: the periodic one and the last one at shutdown never interleave. A pass
    /// takes as long as the tenants' states are large, but no request ever waits for it: only
    /// the next pass does.
    private let passes = AsyncSerialLock()

    package init(tenants: TenantRegistry, dataDirectory: URL, logger: Logger) {
        self.tenants = tenants
        folder = TenantStateFolder(dataDirectory: dataDirectory)
        self.logger = logger
    }

    /// Restores every tenant the folder holds, `default` first, after removing the temporary
    /// files of writes a crash cut short. A file that is not a tenant's
    /// state document, or that the server cannot restore, is set aside (`TenantStateFolder`)
    /// with one warning line, and the others still load.
    package func restore() {
        AtomicFile.removeLeftovers(in: folder.url) { $0.hasSuffix(".json") }
        let files: [URL]
        do {
            files = try folder.files()
        } catch {
            logger.warning("tenant states not read", metadata: ["folder": "\(folder.url.path)", "error": "\(StateFileFailure.reason(error))"])
            return
        }
        var restored: [String] = []
        for file in files {
            let stem = file.deletingPathExtension().lastPathComponent
            guard let name = TenantName(stem) else {
                setAside(file, because: "\(stem) is not a tenant name")
                continue
            }
            do {
                let data = try Data(contentsOf: file)
                let snapshot = try TenantStateDocument.snapshot(from: data, fields: tenants.stateFields, settings: tenants.settingsSchema)
                let tenant = try tenants.reset(name, restoring: snapshot)
                written.withLock { $0[name] = Written(tenant: tenant, changes: tenant.runtime.changes.current, digest: Self.digest(data)) }
                restored.append(name.rawValue)
            } catch let error as APIError where error.limit == .tenants {
                logger.warning("tenant state not restored", metadata: ["file": "\(file.path)", "reason": "\(error.message)"])
            } catch let error as APIError {
                setAside(file, because: error.message)
            } catch {
                setAside(file, because: StateFileFailure.reason(error))
            }
        }
        if !restored.isEmpty {
            logger.info("tenant states restored", metadata: ["folder": "\(folder.url.path)", "tenants": "\(restored.joined(separator: ","))"])
        }
    }

    /// Writes each tenant whose state changed since it was last written or read, and removes
    /// the files of tenants no longer held. A failure is logged and tried again next time.
    package func persistChanges() async {
        await passes.withLock {
            let current = tenants.all()
            for tenant in current {
                let changes = tenant.runtime.changes.current
                let last = written.withLock { $0[tenant.name] }
                if let last, last.tenant === tenant, last.changes == changes { continue }
                do {
                    let data = try TenantStateDocument.data(try await tenant.snapshot())
                    let digest = Self.digest(data)
                    if digest != last?.digest { try folder.write(data, of: tenant.name) }
                    written.withLock { $0[tenant.name] = Written(tenant: tenant, changes: changes, digest: digest) }
                } catch {
                    logger.error("tenant state not written", metadata: ["tenant": "\(tenant.name)", "error": "\(StateFileFailure.reason(error))"])
                }
            }
            let held = Set(current.map(\.name))
            for name in written.withLock({ Array($0.keys) }) where !held.contains(name) {
                do {
                    try folder.remove(name)
                    written.withLock { $0[name] = nil }
                } catch {
                    logger.error("tenant state not removed", metadata: ["tenant": "\(name)", "error": "\(StateFileFailure.reason(error))"])
                }
            }
        }
    }

    private func setAside(_ file: URL, because reason: String) {
        do {
            let moved = try folder.setAside(file)
            logger.warning("tenant state set aside", metadata: ["file": "\(file.path)", "moved_to": "\(moved.lastPathComponent)", "reason": "\(reason)"])
        } catch {
            logger.warning("tenant state not read", metadata: ["file": "\(file.path)", "reason": "\(reason)"])
        }
    }

    private static func digest(_ data: Data) -> Data { Data(SHA256.hash(data: data)) }
}
