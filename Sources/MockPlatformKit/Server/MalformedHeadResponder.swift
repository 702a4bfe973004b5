import Foundation
import HTTPTypes
import NIOCore
import NIOHTTP1
import NIOHTTPTypes

/// Answers a request whose head HTTP cannot parse (a header value with a control character,
/// say) with a 400 problem document instead of Hummingbird's empty 400, then closes the
/// connection. The head never reached the front door, so the answer cannot follow the path's
/// error shape: it is `application/problem+json`, the shape of the control, loyalty and
/// wallet APIs. Hummingbird writes its 400 when its request loop reaches the error, so after
/// the answer to an earlier (pipelined) request; this handler only adds `ProblemInPlace` to
/// the connection's pipeline when the error comes by, to put the document in that 400's place,
/// and otherwise sees a request's parts and none of its answer's (perf: seeing the answer's
/// parts cost a kept read about 3 % of the server's CPU per request). An error inside a
/// request's body (its head was read) is left to Hummingbird, whose handler is reading that
/// body. Bytes after a request that asked for `Connection: close` are not an error of the
/// client's: the connection just closes, after the whole answer in flight if there is one.
package final class MalformedHeadResponder: ChannelInboundHandler, RemovableChannelHandler {
    package typealias InboundIn = HTTPRequestPart

    /// A request's head was read and its end not yet.
    private var readingBody = false
    private var refusing = false

    package init() {}

    package static let detail = "malformed request head: a request line or header field HTTP does not allow"

    package func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head: readingBody = true
        case .end: readingBody = false
        case .body: break
        }
        context.fireChannelRead(data)
    }

    package func errorCaught(context: ChannelHandlerContext, error: any Error) {
        if let parserError = error as? HTTPParserError, parserError == .closedConnection {
            // A request sent after one that asked for `Connection: close`, on the connection
            // that is closing: not malformed. It gets no answer (the client sends it again on
            // a new connection, as libcurl does). Closing the input ends Hummingbird's request
            // loop after the earlier request's answer, which it then half-closes the output
            // after, so that answer goes out whole however large (a full close now would drop
            // what the socket has not taken yet), and whatever case `close` was written in.
            // On the loop's next turn: the decoder that reported the error is still running.
            context.eventLoop.assumeIsolated().execute { context.close(mode: .input, promise: nil) }
            return
        }
        guard error is HTTPParserError, !readingBody else { return context.fireErrorCaught(error) }
        if !refusing {
            refusing = true
            try? context.pipeline.syncOperations.addHandler(ProblemInPlace(), position: .after(self))
        }
        context.fireErrorCaught(error)
    }

    /// Writes the problem document in place of the empty 400 Hummingbird answers a parse error
    /// with (`Content-Length: 0`: every 400 of the front door has a body), then closes the
    /// connection; every other part passes unchanged.
    private final class ProblemInPlace: ChannelOutboundHandler, RemovableChannelHandler {
        typealias OutboundIn = HTTPResponsePart
        typealias OutboundOut = HTTPResponsePart

        private var body: ByteBuffer?

        func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
            switch unwrapOutboundIn(data) {
            case .head(let head) where body == nil && head.status == .badRequest && head.headerFields[.contentLength] == "0":
                let (problem, document) = ProblemErrorShape().render(.badRequest(MalformedHeadResponder.detail), context: ErrorContext(path: "/", now: Date()))
                var fields = problem.headerFields
                fields[.contentLength] = String(document.count)
                fields[.connection] = "close"
                body = context.channel.allocator.buffer(bytes: document)
                context.write(wrapOutboundOut(.head(HTTPResponse(status: .badRequest, headerFields: fields))), promise: promise)
            case .end(let trailers):
                guard let document = body else { return context.write(data, promise: promise) }
                body = nil
                context.write(wrapOutboundOut(.body(document)), promise: nil)
                context.writeAndFlush(wrapOutboundOut(.end(trailers))).assumeIsolated().whenComplete { result in
                    promise?.completeWith(result)
                    context.close(promise: nil)
                }
            default:
                context.write(data, promise: promise)
            }
        }
    }
}
