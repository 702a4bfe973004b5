import Synchronization

/// A store's change counter, readable without entering the store: the store advances it with
/// every change of its state, so an answer read at one revision is known to still hold while
/// the counter stays there (`AnswerValidity`).
package final class StateRevision: Sendable {
    private let value = Atomic<UInt64>(0)

    package init() {}

    /// The revision now.
    package var current: UInt64 { value.load(ordering: .acquiring) }

    /// Records a change.
    package func advance() { value.add(1, ordering: .releasing) }
}
