import Foundation
import HTTPTypes
import Hummingbird
import NIOCore

/// Carries out a fault effect on a request at the front door.
package struct FaultInjection {
    /// What became of the request.
    package enum Result {
        /// Only delayed: handle the request as usual.
        case proceed
        /// Answered by the fault.
        case answered(Response)
        /// The connection was closed (reset or empty response): nothing is sent.
        case closed
    }

    package let effect: FaultEffect
    /// The error shape of the API the request was for.
    package let shape: any ErrorShape

    package func apply(channel: any Channel, context: ErrorContext) async -> Result {
        if effect.delayMilliseconds > 0 {
            try? await Task.sleep(for: .milliseconds(effect.delayMilliseconds))
        }
        switch effect.outcome {
        case .proceed:
            return .proceed
        case .respond(let status, let body?):
            var headers = HTTPFields()
            headers[.contentType] = "application/json"
            return .answered(Response(status: .standard(status), headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: body.encoded()))))
        case .respond(let status, nil):
            let error = APIError(.standard(status), "fault injected by rule \(effect.ruleID)")
            return .answered(PlatformResponder.response(shape.render(error, context: context)))
        case .resetConnection:
            // SO_LINGER 0: close() sends RST instead of FIN. Socket channels provide it.
            try? await (channel as? any SocketOptionProvider)?.setSoLinger(linger(l_onoff: 1, l_linger: 0)).get()
            try? await channel.close()
            return .closed
        case .emptyResponse:
            try? await channel.close()
            return .closed
        }
    }
}
