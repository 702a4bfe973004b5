import Synchronization

/// At most `limit` holders at once; waiters are served in arrival order.
package final class AsyncSemaphore: Sendable {
    private struct State {
        var available: Int
        var waiters: [CheckedContinuation<Void, Never>] = []
    }

    private let state: Mutex<State>

    package init(limit: Int) { state = Mutex(State(available: max(1, limit))) }

    /// Runs `body` holding one permit.
    package func withPermit<T: Sendable>(_ body: () async throws -> T) async rethrows -> T {
        await withCheckedContinuation { continuation in
            let granted = state.withLock { state in
                guard state.available > 0 else {
                    state.waiters.append(continuation)
                    return false
                }
                state.available -= 1
                return true
            }
            if granted { continuation.resume() }
        }
        defer {
            let next = state.withLock { state -> CheckedContinuation<Void, Never>? in
                guard !state.waiters.isEmpty else {
                    state.available += 1
                    return nil
                }
                return state.waiters.removeFirst()
            }
            next?.resume()
        }
        return try await body()
    }
}
