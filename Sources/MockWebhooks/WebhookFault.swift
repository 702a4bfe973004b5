import Foundation
import MockPlatformKit

/// Carries out a fault effect on one webhook attempt: the delay comes first; a status stands
/// for the receiver's answer and a broken connection for a network error, and in both cases
/// nothing is sent; a delay alone lets the attempt go out.
struct WebhookFault {
    let effect: FaultEffect

    func attempt(_ send: () async -> WebhookTransport.Outcome) async -> WebhookTransport.Outcome {
        if effect.delayMilliseconds > 0 {
            try? await Task.sleep(for: .milliseconds(effect.delayMilliseconds))
        }
        let note = "(fault \(effect.ruleID))"
        switch effect.outcome {
        case .proceed:
            var outcome = await send()
            outcome.latencyMilliseconds += effect.delayMilliseconds
            return outcome
        case .respond(let status, _):
            let failed = !(200...299).contains(status)
            return .init(
                statusCode: status, latencyMilliseconds: effect.delayMilliseconds, error: failed ? "HTTP \(status) \(note)" : nil, injected: true
            )
        case .resetConnection:
            return .init(statusCode: nil, latencyMilliseconds: effect.delayMilliseconds, error: "connection reset \(note)", injected: true)
        case .emptyResponse:
            return .init(statusCode: nil, latencyMilliseconds: effect.delayMilliseconds, error: "empty response \(note)", injected: true)
        }
    }
}
