import Glibc
import NIOCore
import NIOHTTPTypes
import Synchronization

/// The process-wide bound on open connections (`--max-connections`, docs/operating.md "Sharing one instance"): never
/// above the open-file limit less a reserve for the state files, webhooks and logs.
package final class ConnectionLimit: Sendable {
    /// Connections served at once unless `--max-connections` says otherwise.
    package static let defaultMaximum = 4_096
    /// File descriptors kept free of connections.
    package static let reserve = 64
    /// How long a connection may go without a complete request part while no request is being
    /// answered (Hummingbird's idle timeout): a request head must be complete within it of the
    /// connection's opening or its last answer, and a body may not stall for longer (unless it
    /// is pipelined behind an answer still being made: Hummingbird times nothing then).
    package static let headDeadline = TimeAmount.seconds(10)

    package let maximum: Int
    private let open = Atomic(0)
    private let metrics: PlatformMetrics

    /// - Parameters:
    ///   - requested: `--max-connections`; lowered to the open-file limit less `reserve`.
    ///   - metrics: where refused connections are counted (`limit="connections"`).
    package init(requested: Int = defaultMaximum, metrics: PlatformMetrics) {
        maximum = max(1, min(requested, Self.openFileLimit() - Self.reserve))
        self.metrics = metrics
    }

    /// Takes a place for a new connection; false (and counted) when every place is taken.
    package func admit() -> Bool {
        let now = open.add(1, ordering: .relaxed).newValue
        guard now > maximum else { return true }
        open.subtract(1, ordering: .relaxed)
        metrics.recordLimitRejection(.connections)
        return false
    }

    /// Gives back the place of a connection `admit` let in.
    package func release() { open.subtract(1, ordering: .relaxed) }

    /// The soft `RLIMIT_NOFILE`; a large number when it cannot be read or is unlimited.
    package static func openFileLimit() -> Int {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0, limit.rlim_cur != rlim_t.max else { return Int.max / 2 }
        return Int(clamping: limit.rlim_cur)
    }
}

/// One connection's gate: a connection over `ConnectionLimit` is closed at once; an admitted
/// one gives its place back when it closes. The gate then leaves the pipeline, so a request's
/// parts and its answer's do not pass through it (perf: passing it cost a kept read about 5 %
/// of the server's CPU per request). The head deadline is Hummingbird's idle timeout, set to
/// `ConnectionLimit.headDeadline`: it closes a connection that has read no complete request part
/// for that long while no request is being answered, which covers a half-sent head, a silent
/// keep-alive connection and a stalled body alike.
package final class ConnectionGate: ChannelInboundHandler, RemovableChannelHandler {
    package typealias InboundIn = HTTPRequestPart

    private let limit: ConnectionLimit
    private var decided = false

    package init(limit: ConnectionLimit) { self.limit = limit }

    package func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive { admit(context: context) }
    }

    package func channelActive(context: ChannelHandlerContext) {
        context.fireChannelActive()
        admit(context: context)
    }

    private func admit(context: ChannelHandlerContext) {
        guard !decided else { return }
        decided = true
        guard limit.admit() else {
            context.close(promise: nil)
            return
        }
        let limit = self.limit
        context.channel.closeFuture.whenComplete { _ in limit.release() }
        context.pipeline.syncOperations.removeHandler(context: context, promise: nil)
    }
}
