import Synchronization

/// Where the handler of a kept read (`PlatformModule.keptReads`) says how long its answer holds
/// (`Tenant.answerHolds(_:)`), for the front door to keep the answer that long.
package final class ReportedValidity: Sendable {
    private let reported = Mutex<AnswerValidity?>(nil)

    package init() {}

    /// What the handler reported, if anything.
    package var validity: AnswerValidity? { reported.withLock { $0 } }

    package func report(_ validity: AnswerValidity) { reported.withLock { $0 = validity } }
}
