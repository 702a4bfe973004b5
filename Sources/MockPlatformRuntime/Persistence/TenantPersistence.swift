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
/// has not moved since its document was last written is not even read, and a large one is
/// written at most once per `costFactor` times what writing it costs. At start the saved
/// tenants are read in behind the listening server (`prepareRestore`, `restorePending`).
package final class TenantPersistence: Sendable {
    /// What was last written or read of one tenant.
    private struct Written: Sendable {
        /// The tenant it was taken from; nil once that tenant is gone (a reset replaced it).
        weak var tenant: Tenant?
        /// Its change count, read before the snapshot was taken.
        var changes: UInt64
        /// A SHA-256 digest of the document.
        var digest: Data
        /// When the pass that took it ended, and how long taking and writing it took.
        var at = ContinuousClock.now
        var cost = Duration.zero
    }

    /// A tenant whose last write cost `throttledCost` or more is written at most once per
    /// `costFactor` times that cost (wall clock), so that keeping a large tenant on disk takes a
    /// few percent of a core however often it changes (taking and encoding a state can keep
    /// more than one core busy, so the factor leaves room: a 40 MB tenant costs about two
    /// seconds to write, and is written about once a minute; a small one at every pass). The
    /// last pass at a graceful stop writes everything.
    package static let costFactor = 40
    package static let throttledCost = Duration.milliseconds(50)

    package let tenants: TenantRegistry
    package let folder: TenantStateFolder
    package let logger: Logger
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
    /// files of writes a crash cut short (`prepareRestore`, then `restorePending`, in one step).
    package func restore() {
        restore(prepareRestore())
    }

    /// Removes the temporary files of writes a crash cut short, lists the saved tenants and
    /// marks each as restoring (`TenantRegistry.beginRestoring`): quick, so the server can
    /// listen at once and `restorePending` read them in behind it.
    package func prepareRestore() -> [URL] {
        AtomicFile.removeLeftovers(in: folder.url) { $0.hasSuffix(".json") }
        let files: [URL]
        do {
            files = try folder.files()
        } catch {
            logger.warning("tenant states not read", metadata: ["folder": "\(folder.url.path)", "error": "\(StateFileFailure.reason(error))"])
            return []
        }
        tenants.beginRestoring(files.compactMap { TenantName($0.deletingPathExtension().lastPathComponent) })
        return files
    }

    /// Reads in the tenants `prepareRestore` listed, on a thread of its own (a large state
    /// takes seconds of CPU, which no request must wait behind); each answers as usual from
    /// the moment it is in.
    package func restorePending(_ files: [URL]) async {
        guard !files.isEmpty else { return }
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            DispatchQueue.global(qos: .utility).async {
                self.restore(files)
                done.resume()
            }
        }
    }

    /// A file that is not a tenant's state document, or that the server cannot restore, is
    /// set aside (`TenantStateFolder`) with one warning line, and the others still load.
    private func restore(_ files: [URL]) {
        var restored: [String] = []
        for file in files {
            let stem = file.deletingPathExtension().lastPathComponent
            guard let name = TenantName(stem) else {
                setAside(file, because: "\(stem) is not a tenant name")
                continue
            }
            defer { tenants.finishRestoring(name) }
            let started = ContinuousClock.now
            do {
                let data = try Data(contentsOf: file)
                try TenantStorage.checkDocument(bytes: data.count, maxBytes: tenants.tenantMaxBytes)
                let snapshot = try TenantStateDocument.snapshot(from: data, fields: tenants.stateFields, settings: tenants.settingsSchema)
                let tenant = try tenants.reset(name, restoring: snapshot)
                let digest = Self.digest(data), ended = ContinuousClock.now, changes = tenant.runtime.changes.current
                // Reading it in costs about what writing it will: the first write waits as later ones do.
                written.withLock { $0[name] = Written(tenant: tenant, changes: changes, digest: digest, at: ended, cost: ended - started) }
                let storage = tenant.runtime.storage
                storage.measured(bytes: data.count, logs: storage.documentLogBytes, changes: changes, cost: ended - started)
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

    /// Writes each tenant whose state changed since it was last written or read (unless its
    /// last write was too recent for its cost: `costFactor`; `final` writes them all), and
    /// removes the files of tenants no longer held. Tenants still being restored are left
    /// alone. A failure is logged and tried again next time.
    package func persistChanges(final: Bool = false) async {
        await passes.withLock {
            let current = tenants.all()
            for tenant in current where !tenants.isRestoring(tenant.name) {
                let changes = tenant.runtime.changes.current
                let last = written.withLock { $0[tenant.name] }
                if let last, last.tenant === tenant, last.changes == changes { continue }
                if !final, let last, last.tenant === tenant, last.cost >= Self.throttledCost,
                   ContinuousClock.now < last.at + last.cost * Self.costFactor { continue }
                let started = ContinuousClock.now, logs = tenant.runtime.storage.documentLogBytes
                do {
                    let data = try TenantStateDocument.data(try await tenant.snapshot())
                    let digest = Self.digest(data)
                    if digest != last?.digest { try folder.write(data, of: tenant.name) }
                    let ended = ContinuousClock.now
                    written.withLock {
                        $0[tenant.name] = Written(tenant: tenant, changes: changes, digest: digest, at: ended, cost: ended - started)
                    }
                    tenant.runtime.storage.measured(bytes: data.count, logs: logs, changes: changes, cost: ended - started)
                } catch {
                    logger.error("tenant state not written", metadata: ["tenant": "\(tenant.name)", "error": "\(StateFileFailure.reason(error))"])
                }
            }
            let held = Set(current.map(\.name))
            for name in written.withLock({ Array($0.keys) }) where !held.contains(name) && !tenants.isRestoring(name) {
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
