import HTTPTypes
import NIOCore
import Synchronization

/// The cached answer of an operation whose answer depends on nothing — not the request, the
/// tenant, the clock or any state (`PlatformModule.constantOperations`): the generated code
/// answers the first request, and later ones get its head and bytes again without running the
/// decoder, handler and encoder. Only a 200 is kept.
package final class ConstantAnswer: Sendable {
    private let kept = Mutex<(HTTPResponse, ByteBuffer)?>(nil)

    /// The answer kept so far, if any.
    package var answer: (HTTPResponse, ByteBuffer)? { kept.withLock { $0 } }

    /// Keeps `response` and `body` when the response is a 200 and nothing is kept yet.
    package func keep(_ response: HTTPResponse, body: ByteBuffer) {
        guard response.status == .ok else { return }
        kept.withLock { kept in
            if kept == nil { kept = (response, body) }
        }
    }
}
