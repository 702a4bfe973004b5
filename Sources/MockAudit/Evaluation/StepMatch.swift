import MockPlatformKit

extension AuditStep {
    /// Whether `trace` is one this step names.
    func matches(_ trace: AuditTrace) -> Bool {
        if let anyOf { return anyOf.contains { $0.matches(trace) } }
        if request != nil || api != nil {
            guard let call = trace.request else { return false }
            if let request, call.operation != request { return false }
            if let api, call.api != api { return false }
            return Self.status(status, matches: call.status) && (self.where ?? [:]).allSatisfy { name, value in
                trace.field(name).map { Self.same($0, value) } ?? false
            }
        }
        if let event { return trace.event?.kind == event }
        if let delivery {
            guard let attempt = trace.delivery, delivery == "any" || attempt.eventKind == delivery else { return false }
            return outcome.map { ($0 == .success) == attempt.isSuccess } ?? true
        }
        if let push { return trace.push.map { push == "any" || $0.kind == push } ?? false }
        if let pass {
            switch pass {
            case .registered: return trace.request.map { $0.operation == "registerPassDevice" && (200...299).contains($0.status) } ?? false
            case .fetched: return trace.request.map { $0.operation == "getLatestPass" && (200...299).contains($0.status) } ?? false
            case .updated: return trace.push?.kind == "wallet_pass_update"
            }
        }
        return false
    }

    /// The logs whose traces the step matches.
    var logs: Set<AuditTrace.Kind> {
        if let anyOf { return anyOf.reduce(into: []) { $0.formUnion($1.logs) } }
        if request != nil || api != nil { return [.request] }
        if event != nil { return [.event] }
        if delivery != nil { return [.delivery] }
        if push != nil { return [.push] }
        if pass == .updated { return [.push] }
        return [.request]
    }

    /// `2xx`, `4xx`, `5xx`, `any`, nil or a code, against a status.
    static func status(_ pattern: String?, matches status: Int) -> Bool {
        switch pattern {
        case nil, "any": true
        case "2xx": (200...299).contains(status)
        case "4xx": (400...499).contains(status)
        case "5xx": (500...599).contains(status)
        case let code?: Int(code) == status
        }
    }

    /// Whether two field values are the same: numbers by value, and a query's or path's text
    /// against the number or boolean it spells.
    static func same(_ lhs: JSONValue, _ rhs: JSONValue) -> Bool {
        if lhs == rhs { return true }
        if let left = lhs.numberValue, let right = rhs.numberValue { return left == right }
        switch (lhs, rhs) {
        case (.string(let text), let other), (let other, .string(let text)): return other.text == text
        default: return false
        }
    }
}

extension DeliveryTrace {
    /// Answered 2xx.
    var isSuccess: Bool { statusCode.map { (200...299).contains($0) } ?? false }
}
