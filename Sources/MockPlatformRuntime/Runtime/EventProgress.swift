/// How far a consumer of a tenant's event log has got, and who waits for it to get further.
///
/// A store that consumes events keeps one, so a reader can wait until the effects of every
/// event recorded so far (webhook messages, pushes) are in place before it answers.
package struct EventProgress {
    /// The newest sequence number the consumer has handled.
    private(set) var processedThrough: UInt64
    private var waiters: [(sequence: UInt64, continuation: CheckedContinuation<Void, Never>)] = []

    package init(processedThrough: UInt64) { self.processedThrough = processedThrough }

    package func hasProcessed(_ sequence: UInt64) -> Bool { processedThrough >= sequence }

    /// Resumes `continuation` once `sequence` is handled.
    package mutating func wait(for sequence: UInt64, _ continuation: CheckedContinuation<Void, Never>) {
        guard !hasProcessed(sequence) else { return continuation.resume() }
        waiters.append((sequence, continuation))
    }

    /// Records that `sequence` is handled and resumes whoever waited for it.
    package mutating func advance(to sequence: UInt64) {
        processedThrough = max(processedThrough, sequence)
        let ready = waiters.filter { $0.sequence <= processedThrough }
        waiters.removeAll { $0.sequence <= processedThrough }
        for waiter in ready { waiter.continuation.resume() }
    }

    /// No event comes any more (the tenant shut down): nobody waits.
    package mutating func end() { advance(to: .max) }
}
