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
    /// How long a connection may wait for a request head to be complete.
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

/// One connection's gate (first of the handlers after HTTP decoding): a connection over
/// `ConnectionLimit` is closed at once; one whose next request head has not arrived within
/// `ConnectionLimit.headDeadline` — counted from its opening or its last response's end — is
/// closed (half-sent heads cannot hold places). Requests being answered have no deadline. One
/// timer at a time serves a connection however many requests it carries: when it fires early
/// (a request came and went meanwhile) it is set again for what is left.
package final class ConnectionGate: ChannelDuplexHandler, RemovableChannelHandler {
    package typealias InboundIn = HTTPRequestPart
    package typealias InboundOut = HTTPRequestPart
    package typealias OutboundIn = HTTPResponsePart
    package typealias OutboundOut = HTTPResponsePart

    private let limit: ConnectionLimit
    private var admitted = false
    /// Requests whose head was read and whose response has not ended.
    private var unanswered = 0
    /// Since when the connection waits for a request head; nil while one is being answered.
    private var waitingSince: NIODeadline?
    private var timer: Scheduled<Void>?

    package init(limit: ConnectionLimit) { self.limit = limit }

    package func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive { opened(context: context) }
    }

    package func channelActive(context: ChannelHandlerContext) {
        opened(context: context)
        context.fireChannelActive()
    }

    package func channelInactive(context: ChannelHandlerContext) {
        closed()
        context.fireChannelInactive()
    }

    package func handlerRemoved(context: ChannelHandlerContext) { closed() }

    package func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        if case .head = unwrapInboundIn(data) {
            unanswered += 1
            waitingSince = nil
        }
        context.fireChannelRead(data)
    }

    package func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        if case .end = unwrapOutboundIn(data) {
            unanswered = max(0, unanswered - 1)
            if unanswered == 0 { awaitHead(context: context) }
        }
        context.write(data, promise: promise)
    }

    private func opened(context: ChannelHandlerContext) {
        guard !admitted else { return }
        guard limit.admit() else {
            context.close(promise: nil)
            return
        }
        admitted = true
        awaitHead(context: context)
    }

    private func closed() {
        timer?.cancel()
        timer = nil
        if admitted {
            admitted = false
            limit.release()
        }
    }

    private func awaitHead(context: ChannelHandlerContext) {
        waitingSince = .now()
        arm(context: context)
    }

    /// Sets the timer for the end of the current wait, unless one is set already.
    private func arm(context: ChannelHandlerContext) {
        guard timer == nil, admitted, let since = waitingSince else { return }
        let channel = context.channel
        timer = context.eventLoop.assumeIsolated().scheduleTask(deadline: since + ConnectionLimit.headDeadline) { [self] in
            timer = nil
            guard let since = waitingSince else { return }  // a request is being answered: set again when it ends
            if NIODeadline.now() >= since + ConnectionLimit.headDeadline {
                channel.close(promise: nil)
            } else {
                arm(context: context)
            }
        }
    }
}
