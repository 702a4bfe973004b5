import MockPlatformKit

extension AuditStep {
    /// The step in a few words, for a verdict's message: `a getAdUnit request answered 2xx`.
    var summary: String {
        if let anyOf { return anyOf.map(\.summary).joined(separator: " or ") }
        if request != nil || api != nil {
            var text = "a " + (request ?? "\(api ?? "") API") + " request"
            if let api, request != nil { text += " to \(api)" }
            if let status, status != "any" { text += " answered \(status)" }
            if let conditions = self.where, !conditions.isEmpty {
                text += " with " + conditions.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value.text)" }.joined(separator: ", ")
            }
            return text
        }
        if let event { return "a \(event) event" }
        if let delivery { return (delivery == "any" ? "a webhook attempt" : "a \(delivery) webhook attempt") + (outcome.map { " that ended in \($0.rawValue)" } ?? "") }
        if let push { return push == "any" ? "a push" : "a \(push) push" }
        if let pass { return "a pass \(pass.rawValue)" }
        return "a step"
    }
}

extension AuditTrace {
    /// The trace in a few words, for a verdict's message: `GET /iql/v2/ad_unit/d2 (req_2f)`.
    var summary: String {
        if let request { return "\(request.method) \(request.path) answered \(request.status) (\(id))" }
        if let event { return "\(event.kind) event for \(event.subject) (\(id))" }
        if let push { return "\(push.kind) push to \(push.deviceToken.prefix(16)) (\(id))" }
        if let delivery {
            let answer = delivery.statusCode.map { "answered \($0)" } ?? "no answer (\(delivery.error ?? "error"))"
            return "\(delivery.eventKind) attempt \(delivery.attempt) to \(delivery.endpointID), \(answer) (\(id))"
        }
        return id
    }
}
