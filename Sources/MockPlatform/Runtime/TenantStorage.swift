import HTTPTypes
import Synchronization

/// A tenant's byte budget (`--tenant-max-bytes`, README "Sharing one instance"): its
/// stored state is measured as the size of its state document — in the background, when it
/// changed (`TenantStorageMeter`), never per request — plus what the writes accepted since
/// have sent, plus its journal. A write whose body would take the tenant past its budget
/// answers 507 `tenant storage exceeded` in its API's shape; a request without a body is not
/// refused (count quotas bound what it can add), so a full tenant can still be reset, deleted
/// or emptied. An import or restore larger than the budget is refused like an over-quota one.
package final class TenantStorage: Sendable {
    /// A tenant's budget unless `--tenant-max-bytes` says otherwise: 64 MiB.
    package static let defaultMaxBytes = 64 << 20

    /// The budget, in bytes.
    package let maxBytes: Int
    /// The size of the state document when last measured.
    private let measured = Atomic(0)
    /// Bytes of the writes accepted since.
    private let grown = Atomic(0)
    /// The change count and instant of the last measure, and what it cost.
    private let lastMeasure = Mutex<(changes: UInt64, at: ContinuousClock.Instant, cost: Duration)?>(nil)

    /// The answer to a write past the budget.
    static let exceeded = APIError(HTTPResponse.Status(code: 507, reasonPhrase: "Insufficient Storage"), "tenant storage exceeded", limit: .tenantBytes)

    package init(maxBytes: Int = defaultMaxBytes) { self.maxBytes = max(1, maxBytes) }

    /// The bytes the tenant holds as far as is known: the last measure, what writes have sent
    /// since, and `journal`'s entries.
    func held(journal: Int) -> Int { measured.load(ordering: .relaxed) + grown.load(ordering: .relaxed) + journal }

    /// Refuses a write of `bytes` (its body) that would take the tenant past its budget.
    func admit(_ bytes: Int, journal: Int) throws(APIError) {
        guard bytes > 0, held(journal: journal) + bytes > maxBytes else { return }
        throw Self.exceeded
    }

    /// A write of `bytes` was accepted.
    func grew(by bytes: Int) { grown.add(bytes, ordering: .relaxed) }

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
    func measureDue(changes: UInt64, now: ContinuousClock.Instant, costFactor: Int, throttledCost: Duration) -> Bool {
        guard let last = lastMeasure.withLock({ $0 }) else { return true }
        guard last.changes != changes, grown.load(ordering: .relaxed) > 0 || now >= last.at + .seconds(60) else { return false }
        return last.cost < throttledCost || now >= last.at + last.cost * costFactor
    }

    /// The state document measured `bytes` at change count `changes`, taking `cost`.
    func measured(bytes: Int, changes: UInt64, cost: Duration) {
        measured.store(bytes, ordering: .relaxed)
        grown.store(0, ordering: .relaxed)
        lastMeasure.withLock { $0 = (changes, ContinuousClock.now, cost) }
    }
}
