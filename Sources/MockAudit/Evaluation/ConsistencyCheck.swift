import Foundation
import MockPlatformKit

/// The named checks a consistency rule applies to each of its steps (`docs/audit.md`, checks).
struct ConsistencyCheck {
    /// What a check makes of one trace.
    enum Result: Equatable {
        case holds
        /// What was expected and seen, and the other traces that show it.
        case fails(String, related: [String])
        /// The trace does not hold what the check reads (a body cut by the journal).
        case unknown(String)
    }

    let check: AuditCheck
    let run: AuditRun
    let subject: String

    func result(for trace: AuditTrace) -> Result {
        switch check.name {
        case .zipState: zipState(trace)
        case .stateOffers: stateOffers(trace)
        case .hasField: hasField(trace)
        case .clickAsServed: clickAsServed(trace)
        case .webhookAnswered: webhookAnswered(trace)
        case .statusNot: statusNot(trace)
        case .oneClientUUID: oneClientUUID(trace)
        case .pushReadable: pushReadable(trace)
        case .passTypeSigned: passTypeSigned(trace)
        }
    }

    /// The request's JSON body, or why it cannot be read.
    private func body(_ trace: AuditTrace) -> Result? {
        guard let request = trace.request else { return .unknown("\(trace.id) is not a request") }
        return request.body?.objectValue == nil ? .unknown("the journal does not hold \(trace.id)'s body as a JSON object (cut at 1 KiB?)") : nil
    }

    private func zipState(_ trace: AuditTrace) -> Result {
        if let unreadable = body(trace) { return unreadable }
        guard let zipcode = trace.request?.body?.objectValue?["zipcode"]?.stringValue,
              let state = trace.request?.body?.objectValue?["state"]?.stringValue
        else { return .holds }
        guard let owner = run.zipcodes.stateCode(of: zipcode) else {
            return .fails("zipcode \(zipcode) is not a US ZIP code: \(trace.summary)", related: [])
        }
        return owner.caseInsensitiveCompare(state) == .orderedSame
            ? .holds : .fails("zipcode \(zipcode) belongs to \(owner), the request said \(state): \(trace.summary)", related: [])
    }

    private func stateOffers(_ trace: AuditTrace) -> Result {
        if let unreadable = body(trace) { return unreadable }
        guard let state = trace.request?.body?.objectValue?["state"]?.stringValue else { return .holds }
        let refusal = run.tenantWide.last { earlier in
            guard AuditTrace.inOrder(earlier, trace), let request = earlier.request, request.operation == "postSupportedStateDetails",
                  let asked = request.body?.objectValue?["state_code"]?.stringValue, asked.caseInsensitiveCompare(state) == .orderedSame
            else { return false }
            return request.answer?.objectValue?["can_receive_offer"] == .bool(false)
        }
        guard let refusal else { return .holds }
        return .fails(
            "driver info named \(state), whose supported-state answer \(refusal.id) said can_receive_offer false: \(trace.summary)",
            related: [refusal.id]
        )
    }

    private func hasField(_ trace: AuditTrace) -> Result {
        if let unreadable = body(trace) { return unreadable }
        guard let field = check.field, let body = trace.request?.body else { return .holds }
        let value = AuditTrace.Request.value(at: field, in: body)
        return value == nil || value == .null ? .fails("\(field) is missing from the body of \(trace.summary)", related: []) : .holds
    }

    private func clickAsServed(_ trace: AuditTrace) -> Result {
        guard let query = trace.request?.query else { return .holds }
        guard let token = query["auth_token"], !token.isEmpty else {
            return .fails("the click carries no auth_token: \(trace.summary)", related: [])
        }
        let served = run.traces(of: subject).last { earlier in
            AuditTrace.inOrder(earlier, trace) && (earlier.request?.answerText?.contains("auth_token=\(token)") ?? false)
        }
        guard let served else {
            if run.mayMiss([.request]) { return .unknown("no ad unit answer the journal still holds served the click's auth_token") }
            return .fails("the click's auth_token is none an ad unit served to \(subject): \(trace.summary)", related: [])
        }
        guard let pl = query["pl"], let decoded = Base64URL.decode(pl), (try? JSONParser.parse(decoded))?.objectValue != nil else {
            return .fails("the click's pl does not decode (URL-safe base64) to a JSON object: \(trace.summary)", related: [served.id])
        }
        return .holds
    }

    private func webhookAnswered(_ trace: AuditTrace) -> Result {
        guard let attempt = trace.delivery else { return .holds }
        let timeout = run.settings["webhook_timeout_ms"]?.integerValue.map(Int.init) ?? 10_000
        guard let status = attempt.statusCode else {
            return .fails("the receiver gave no answer: \(attempt.error ?? "no response"): \(trace.summary)", related: [])
        }
        if attempt.latencyMilliseconds > timeout {
            return .fails("the receiver answered after \(attempt.latencyMilliseconds) ms, past the \(timeout) ms timeout: \(trace.summary)", related: [])
        }
        return (200...299).contains(status) || status == 400
            ? .holds : .fails("the receiver answered \(status); expected 2xx, or 400 for an unknown driver: \(trace.summary)", related: [])
    }

    private func statusNot(_ trace: AuditTrace) -> Result {
        guard let status = trace.request?.status, (check.statuses ?? []).contains(status) else { return .holds }
        return .fails("answered \(status): \(trace.summary)", related: [])
    }

    private func oneClientUUID(_ trace: AuditTrace) -> Result {
        guard let request = trace.request, let uuid = request.parameters["clientUuid"], let app = request.authorization else {
            return .holds
        }
        let other = run.clientsByAuthorization[app]?.first { $0.request?.parameters["clientUuid"] != uuid }
        guard let other, let otherUUID = other.request?.parameters["clientUuid"] else { return .holds }
        return .fails("one app (the same Authorization) used client UUIDs \(uuid) and \(otherUUID): \(other.summary)", related: [other.id])
    }

    private func pushReadable(_ trace: AuditTrace) -> Result {
        guard let push = trace.push else { return .holds }
        let warnings = push.platform == .ios
            ? ReferenceAppReading.warnings(ios: push.payload, android: nil)
            : ReferenceAppReading.warnings(ios: nil, android: push.payload)
        return warnings.first.map { .fails("\($0): \(trace.summary)", related: []) } ?? .holds
    }

    private func passTypeSigned(_ trace: AuditTrace) -> Result {
        guard let request = trace.request else { return .holds }
        let passID = request.query["passId"]
        if let signed = run.settings["wallet_pass_type_id"]?.stringValue, let passID, passID != signed {
            return .fails("the request named pass type \(passID); the tenant signs for \(signed): \(trace.summary)", related: [])
        }
        if request.status == 400 {
            return .fails("the pass request was refused 400 (\(request.path)\(passID.map { "?passId=\($0)" } ?? ""))", related: [])
        }
        return .holds
    }
}
