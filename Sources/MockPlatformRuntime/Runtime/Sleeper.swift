import Synchronization

/// One task's interruptible sleep: `wake()` ends the current sleep, or the next one at once if
/// none is under way, so a wake-up between two sleeps is never lost.
package final class Sleeper: Sendable {
    private struct State {
        var pending = false
        var current: Task<Void, Never>?
    }

    private let state = Mutex(State())

    /// Sleeps for `duration`, or less when woken.
    ///
    /// A woken sleep ends at once, but on Linux the runtime keeps the cancelled sleep's timer
    /// entry until its deadline: callers keep `duration` short and wake only when needed.
    package func sleep(for duration: Duration) async {
        let task = state.withLock { state -> Task<Void, Never>? in
            if state.pending {
                state.pending = false
                return nil
            }
            let task = Task { _ = try? await Task.sleep(for: duration) }
            state.current = task
            return task
        }
        guard let task else { return }
        await withTaskCancellationHandler {
            await task.value
        } onCancel: {
            task.cancel()
        }
        state.withLock { state in
            if state.current == task { state.current = nil }
        }
    }

    /// Ends the current sleep, or the next.
    package func wake() {
        state.withLock { state in
            if let current = state.current {
                current.cancel()
                state.current = nil
            } else {
                state.pending = true
            }
        }
    }
}
