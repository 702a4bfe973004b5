import Foundation
import HTTPTypes
import NIOCore
import NIOHTTP1
import NIOHTTPTypes

/// Answers a request whose head HTTP cannot parse (a header value with a control character,
/// say) with a 400 problem document instead of Hummingbird's empty 400, then closes the
/// connection. The head never reached the front door, so the answer cannot follow the path's
/// error shape: it is `application/problem+json`, the shape of the control, loyalty and
/// wallet APIs. When the error arrives while an earlier request's response is still being
/// written, the 400 follows that response's end. An error inside a request's body (its head
/// was read) is left to Hummingbird, whose handler is reading that body. Bytes after a request
/// that asked for `Connection: close` are not an error of the client's: the connection just
/// closes.
package final class MalformedHeadResponder: ChannelDuplexHandler, RemovableChannelHandler {
    package typealias InboundIn = HTTPRequestPart
    package typealias InboundOut = HTTPRequestPart
    package typealias OutboundIn = HTTPResponsePart
    package typealias OutboundOut = HTTPResponsePart

    /// Requests whose response has not ended yet.
    private var unanswered = 0
    /// A request's head was read and its end not yet.
    private var readingBody = false
    private var refusalDue = false

    package init() {}

    package static let detail = "malformed request head: a request line or header field HTTP does not allow"

    package func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head:
            unanswered += 1
            readingBody = true
        case .end: readingBody = false
        case .body: break
        }
        context.fireChannelRead(data)
    }

    package func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        let ended = if case .end = unwrapOutboundIn(data) { true } else { false }
        context.write(data, promise: promise)
        guard ended else { return }
        unanswered = max(0, unanswered - 1)
        if refusalDue, unanswered == 0 { refuse(context: context) }
    }

    package func errorCaught(context: ChannelHandlerContext, error: any Error) {
        if let parserError = error as? HTTPParserError, parserError == .closedConnection {
            // A request sent after one that asked for `Connection: close`, on the connection
            // that is closing: not malformed. It gets no answer (the client sends it again on
            // a new connection, as libcurl does); the earlier request's answer still goes out,
            // and the connection closes after it.
            if unanswered == 0 { context.close(promise: nil) }
            return
        }
        guard error is HTTPParserError, !readingBody else { return context.fireErrorCaught(error) }
        if unanswered == 0 { refuse(context: context) } else { refusalDue = true }
    }

    private func refuse(context: ChannelHandlerContext) {
        refusalDue = false
        let (head, body) = ProblemErrorShape().render(.badRequest(Self.detail), context: ErrorContext(path: "/", now: Date()))
        var fields = head.headerFields
        fields[.contentLength] = String(body.count)
        fields[.connection] = "close"
        context.write(wrapOutboundOut(.head(HTTPResponse(status: .badRequest, headerFields: fields))), promise: nil)
        context.write(wrapOutboundOut(.body(context.channel.allocator.buffer(bytes: body))), promise: nil)
        context.writeAndFlush(wrapOutboundOut(.end(nil))).assumeIsolated().whenComplete { _ in context.close(promise: nil) }
    }
}
