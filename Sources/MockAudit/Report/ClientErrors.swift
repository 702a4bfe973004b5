import MockPlatformKit

/// The client's 4xx answers grouped by operation, status and message, in the order each was
/// first seen: what a validating proxy would have shown, without one.
enum ClientErrors {
    /// The most groups a report lists.
    static let maxGroups = 200

    static func grouped(_ traces: [AuditTrace]) -> [AuditReport.ClientError] {
        var groups: [AuditReport.ClientError] = []
        var index: [String: Int] = [:]
        for trace in traces {
            guard let request = trace.request, (400...499).contains(request.status) else { continue }
            let operation = request.operation ?? "\(request.method) \(request.path)"
            let message = Self.message(of: request)
            let key = "\(operation)\u{0}\(request.status)\u{0}\(message)"
            if let position = index[key] {
                groups[position].count += 1
            } else if groups.count < maxGroups {
                index[key] = groups.count
                groups.append(.init(operation: operation, status: request.status, message: message, count: 1, first: trace.id))
            }
        }
        return groups
    }

    /// The error's `detail` (problem+json), `message` or `error` (the platforms' own shapes),
    /// else the 404's `Mock-Hint`, else the first bytes of the answer.
    static func message(of request: AuditTrace.Request) -> String {
        let fields = request.answer?.objectValue ?? [:]
        for key in ["detail", "message", "error", "title"] {
            if let text = fields[key]?.stringValue, !text.isEmpty { return text }
        }
        if let hint = request.hint { return hint }
        return String((request.answerText ?? "").prefix(200))
    }
}
