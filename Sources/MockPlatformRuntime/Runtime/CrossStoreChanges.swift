import Synchronization

/// The tenant's changes that span more than one module store (a reward's points, then its
/// pass), counted so that a snapshot can tell it holds no store's half of one: a snapshot
/// read while none ran, with none begun since (`settled` the same before and after), is whole.
package final class CrossStoreChanges: Sendable {
    private let begun = Atomic<UInt64>(0)
    private let ended = Atomic<UInt64>(0)

    package init() {}

    /// Runs `change`, whose steps go to more than one store, as one cross-store change.
    package func run<Result>(_ change: () async throws -> Result) async rethrows -> Result {
        begun.add(1, ordering: .sequentiallyConsistent)
        defer { ended.add(1, ordering: .sequentiallyConsistent) }
        return try await change()
    }

    /// How many changes have begun, when none is running; nil while one is.
    package var settled: UInt64? {
        // `ended` first: equal counts then mean none ran at that load and none began since.
        let endedCount = ended.load(ordering: .sequentiallyConsistent)
        let begunCount = begun.load(ordering: .sequentiallyConsistent)
        return endedCount == begunCount ? begunCount : nil
    }
}
