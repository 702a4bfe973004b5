import Synchronization

/// How many requests the front door has answered so far, counted without a lock: what tells the
/// server it has been idle (`IdleCodePages`).
package final class RequestActivity: Sendable {
    private let answered = Atomic<UInt64>(0)

    package init() {}

    /// Requests answered so far.
    package var answeredCount: UInt64 { answered.load(ordering: .relaxed) }

    /// Counts one answered request.
    package func noteAnswered() { answered.add(1, ordering: .relaxed) }
}
