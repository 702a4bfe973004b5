import Foundation
import MockPlatformKit

/// Reads a tenant's logs into an `AuditRun`: the journal, the event log and the outbox, and
/// what each `TraceSource` store holds; attributes each trace to its subjects. Runs when a
/// report is asked for, on copies of the logs taken under their locks: the request path pays
/// nothing for it.
package struct TraceCollector: Sendable {
    package let paths: OperationPaths

    package init(paths: OperationPaths) { self.paths = paths }

    /// The run of `tenant` from `since` (nil: everything its logs hold).
    package func run(of tenant: Tenant, since: Date?) async -> AuditRun {
        await tenant.caughtUp()
        let runtime = tenant.runtime
        var stores = StoreTraces()
        for source in tenant.traceSources {
            let traces = await source.traces()
            stores.deliveries += traces.deliveries
            stores.endpoints += traces.endpoints
            stores.aliases.merge(traces.aliases) { held, added in held + added.filter { !held.contains($0) } }
            stores.dropped += traces.dropped
        }
        let journal = runtime.journal.all
        var traces: [AuditTrace] = []
        traces.reserveCapacity(journal.count)
        for entry in journal { traces.append(request(entry, aliases: stores.aliases)) }
        let events = runtime.events.list()
        for event in events { if let trace = Self.event(event) { traces.append(trace) } }
        let driverOfEvent = Dictionary(events.map { ($0.id, $0.subject) }) { first, _ in first }
        for (position, entry) in runtime.outbox.list().enumerated() {
            if let trace = Self.push(entry, position: position, aliases: stores.aliases) { traces.append(trace) }
        }
        for (position, delivery) in stores.deliveries.enumerated() {
            var delivery = delivery
            delivery.eventSubject = driverOfEvent[delivery.eventID] ?? delivery.eventSubject
            traces.append(Self.delivery(delivery, position: position))
        }
        for (position, endpoint) in stores.endpoints.enumerated() { traces.append(Self.endpoint(endpoint, position: position)) }
        var truncated = Set<AuditTrace.Kind>()
        if runtime.journal.dropped > 0 { truncated.insert(.request) }
        if runtime.events.dropped > 0 { truncated.insert(.event) }
        if runtime.outbox.dropped > 0 { truncated.insert(.push) }
        if stores.dropped > 0 { truncated.insert(.delivery) }
        let cutOff = since.map { start in traces.contains { $0.recordedAt < start } } ?? false
        if let since { traces.removeAll { $0.recordedAt < since } }
        traces.sort(by: AuditTrace.inOrder)
        let now = Date()
        return AuditRun(
            traces: traces, cutOff: cutOff, truncated: truncated, journalWindowStarts: journal.first?.receivedAt, now: now,
            tenantNow: tenant.clock.now, since: since ?? traces.first?.recordedAt ?? tenant.createdAt,
            settings: tenant.settings.json.objectValue ?? [:], zipcodes: runtime.fixtures.zipcodes
        )
    }

    /// A journal entry as a trace: its operation's path parameters, query, JSON body and kept
    /// answer, and the subjects its path and `Poq-User-Id` name.
    func request(_ entry: JournalEntry, aliases: [String: [String]]) -> AuditTrace {
        let parameters = entry.operation.map { paths.parameters(api: $0.api, operation: $0.id, path: entry.path) } ?? [:]
        let headers = entry.headers
        var subjects: [String] = []
        func add(_ subject: String) { if !subjects.contains(subject) { subjects.append(subject) } }
        for (name, value) in parameters.sorted(by: { $0.key < $1.key }) {
            switch name {
            case "driver_id", "user_id": add("driver:\(value)")
            case "clientUuid": add("client:\(value)")
            default: for subject in aliases["\(name)=\(value)"] ?? [] { add(subject) }
            }
        }
        if let member = headers["poq-user-id"], !member.isEmpty { add("member:\(member)") }
        let answerText = entry.answerExcerpt
        return AuditTrace(
            id: entry.id, kind: .request, recordedAt: entry.receivedAt, tenantAt: entry.at, position: entry.serial, subjects: subjects,
            request: .init(
                operation: entry.operation?.id, api: entry.operation?.api, method: entry.method, path: entry.path, status: entry.status,
                latencyMilliseconds: entry.latencyMilliseconds, parameters: parameters, query: Self.query(entry.query), headers: headers,
                body: entry.bodyExcerpt.flatMap { try? JSONParser.parse(Array($0.utf8)) },
                answer: answerText.flatMap { try? JSONParser.parse(Array($0.utf8)) }, answerText: answerText, hint: entry.hint
            )
        )
    }

    /// An event as a trace, about the driver it names; nil for one recorded before events kept
    /// their wall instant.
    static func event(_ event: PlatformEvent) -> AuditTrace? {
        guard let recordedAt = event.recordedAt else { return nil }
        return AuditTrace(
            id: event.id, kind: .event, recordedAt: recordedAt, tenantAt: event.createdAt, position: event.sequence,
            subjects: event.subject.isEmpty ? [] : ["driver:\(event.subject)"],
            event: .init(kind: event.kind.rawValue, subject: event.subject, payload: event.payload)
        )
    }

    /// A push as a trace, about its token's holder (a driver) or the members whose passes
    /// registered the token.
    static func push(_ entry: PushEntry, position: Int, aliases: [String: [String]]) -> AuditTrace? {
        guard let recordedAt = entry.recordedAt else { return nil }
        let push = entry.push
        let subjects = push.holder.map { ["driver:\($0)"] } ?? aliases["pushToken=\(push.deviceToken)"] ?? []
        return AuditTrace(
            id: entry.id, kind: .push, recordedAt: recordedAt, tenantAt: entry.createdAt, position: UInt64(position), subjects: subjects,
            push: .init(kind: push.kind.rawValue, platform: push.platform, deviceToken: push.deviceToken, holder: push.holder, payload: push.payload)
        )
    }

    /// A webhook attempt as a trace, about the driver its event names (as the event log has it,
    /// else as the payload does).
    static func delivery(_ delivery: DeliveryTrace, position: Int) -> AuditTrace {
        AuditTrace(
            id: delivery.id, kind: .delivery, recordedAt: delivery.recordedAt, tenantAt: delivery.tenantAt, position: UInt64(position),
            subjects: delivery.eventSubject.map { ["driver:\($0)"] } ?? [], delivery: delivery
        )
    }

    /// A webhook endpoint as the `createWebhookEndpoint` request that made it (the control
    /// API's requests are not journalled; an endpoint from the tenant's fixtures stands as one
    /// made when the tenant was).
    static func endpoint(_ endpoint: EndpointTrace, position: Int) -> AuditTrace {
        AuditTrace(
            id: endpoint.id, kind: .request, recordedAt: endpoint.recordedAt, tenantAt: endpoint.tenantAt, position: UInt64(position),
            subjects: [],
            request: .init(
                operation: "createWebhookEndpoint", api: "control", method: "POST", path: "/_mock/webhooks/endpoints", status: 201,
                latencyMilliseconds: 0, parameters: [:], query: [:], headers: [:],
                body: .object(["url": .string(endpoint.url), "events": .array(endpoint.events.map(JSONValue.string))]),
                answer: nil, answerText: nil, hint: nil
            )
        )
    }

    /// A query string's fields, decoded; the first of a repeated name.
    static func query(_ query: String?) -> [String: String] {
        var fields: [String: String] = [:]
        for pair in (query ?? "").split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let decode = { (text: Substring) in String(text).replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? String(text) }
            let name = decode(parts[0])
            if fields[name] == nil { fields[name] = parts.count > 1 ? decode(parts[1]) : "" }
        }
        return fields
    }
}
