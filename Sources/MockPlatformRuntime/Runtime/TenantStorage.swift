import HTTPTypes
import Synchronization

/// A tenant's byte budget (`--tenant-max-bytes`, docs/operating.md "Sharing one instance"). Its stores
/// are measured as the size of its state document less its logs — in the background, when it
/// changed (`TenantStorageMeter`), never per request — plus what the writes accepted since
/// have sent; its logs (journal, event log, webhook deliveries, push outbox) count what they
/// hold as they change. A write whose body would take the stores past the budget answers 507
/// `tenant storage exceeded` in its API's shape; short of that the logs make room, dropping
/// their oldest entries first — a log never refuses. A request without a body is not refused
/// (count quotas bound what it can add), so a full tenant can still be reset, deleted or
/// emptied. An import or restore larger than the budget is refused like an over-quota one.
package final class TenantStorage: Sendable {
    /// A tenant's budget unless `--tenant-max-bytes` says otherwise: 64 MiB.
    package static let defaultMaxBytes = 64 << 20

    /// The budget, in bytes.
    package let maxBytes: Int
    /// The stores' size when last measured: the state document less its logs.
    private let measuredStores = Atomic(0)
    /// Bytes of the writes accepted since.
    private let grown = Atomic(0)
    /// Bytes the logs hold now.
    private let logs = Atomic(0)
    /// Of those, the bytes of logs outside the state document (the request journal).
    private let logsOutsideDocument = Atomic(0)
    /// The change count and instant of the last measure, and what it cost.
    private let lastMeasure = Mutex<(changes: UInt64, at: ContinuousClock.Instant, cost: Duration)?>(nil)

    /// The answer to a write past the budget.
    package static let exceeded = APIError(HTTPResponse.Status(code: 507, reasonPhrase: "Insufficient Storage"), "tenant storage exceeded", limit: .tenantBytes)

    package init(maxBytes: Int = defaultMaxBytes) { self.maxBytes = max(1, maxBytes) }

    /// The stores' bytes as far as is known: the last measure and what writes have sent since.
    package var stores: Int { measuredStores.load(ordering: .relaxed) + grown.load(ordering: .relaxed) }

    /// Bytes the logs hold now.
    package var logBytes: Int { logs.load(ordering: .relaxed) }

    /// The bytes the tenant holds as far as is known.
    package var held: Int { stores + logBytes }

    /// How far the tenant is past its budget: what a growing log gives up, oldest first.
    package var excess: Int { max(0, held - maxBytes) }

    /// Refuses a write of `bytes` (its body) that would take the stores past the budget;
    /// otherwise returns how many bytes the logs must give up to make room for it (often 0).
    package func admit(_ bytes: Int) throws(APIError) -> Int {
        guard bytes > 0 else { return 0 }
        guard stores + bytes <= maxBytes else { throw Self.exceeded }
        return max(0, held + bytes - maxBytes)
    }

    /// A write of `bytes` was accepted.
    package func grew(by bytes: Int) { grown.add(bytes, ordering: .relaxed) }

    /// Bytes the logs in the state document hold now: what a measure of it takes off.
    package var documentLogBytes: Int { logBytes - logsOutsideDocument.load(ordering: .relaxed) }

    /// A log took in `bytes` more (a negative count: let them go).
    package func logGrew(by bytes: Int, inStateDocument: Bool) {
        logs.add(bytes, ordering: .relaxed)
        if !inStateDocument { logsOutsideDocument.add(bytes, ordering: .relaxed) }
    }

    /// Refuses a state document of `bytes` to import or restore into a tenant whose budget is
    /// `maxBytes` (400 naming the budget).
    package static func checkDocument(bytes: Int, maxBytes: Int) throws(APIError) {
        guard bytes > maxBytes else { return }
        throw APIError.badRequest(
            "state is not valid: the document is \(ByteSize.text(bytes)), over --tenant-max-bytes \(ByteSize.text(maxBytes))",
            limit: .tenantBytes
        )
    }

    /// Whether a measure is due: the tenant changed since the last one (at `changes`) — by a
    /// write with a body, or in any way a minute or more ago — and the last one, if it cost
    /// `throttledCost` or more, was at least `costFactor` times its cost ago.
    package func measureDue(changes: UInt64, now: ContinuousClock.Instant, costFactor: Int, throttledCost: Duration) -> Bool {
        guard let last = lastMeasure.withLock({ $0 }) else { return true }
        guard last.changes != changes, grown.load(ordering: .relaxed) > 0 || now >= last.at + .seconds(60) else { return false }
        return last.cost < throttledCost || now >= last.at + last.cost * costFactor
    }

    /// The state document measured `bytes`, of which its logs were `logs` (`documentLogBytes`
    /// when it was taken), at change count `changes`, taking `cost`.
    package func measured(bytes: Int, logs: Int, changes: UInt64, cost: Duration) {
        measuredStores.store(max(0, bytes - logs), ordering: .relaxed)
        grown.store(0, ordering: .relaxed)
        lastMeasure.withLock { $0 = (changes, ContinuousClock.now, cost) }
    }
}
