import Synchronization

/// Where the handler of a kept read (`PlatformModule.keptReads`) says how long its answer holds
/// (`Tenant.answerHolds(_:)`), for the front door to keep the answer that long.
final class ReportedValidity: Sendable {
    private let reported = Mutex<AnswerValidity?>(nil)

    /// What the handler reported, if anything.
    var validity: AnswerValidity? { reported.withLock { $0 } }

    func report(_ validity: AnswerValidity) { reported.withLock { $0 = validity } }
}
