import Foundation
import MockPlatformKit
import NIOCore

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
        let aliases = stores.aliases, deliveries = stores.deliveries
        // The logs are read side by side: the journal in slices, the others each on its own.
        async let requests = requests(Array(journal), aliases: aliases)
        async let pushes = runtime.outbox.list().enumerated().compactMap { Self.push($1, position: $0, aliases: aliases) }
        async let eventsAndDeliveries = { () -> [AuditTrace] in
            let events = runtime.events.list()
            let driverOfEvent = Dictionary(events.map { ($0.id, $0.subject) }) { first, _ in first }
            return events.compactMap(Self.event) + deliveries.enumerated().map { position, delivery in
                var delivery = delivery
                delivery.eventSubject = driverOfEvent[delivery.eventID] ?? delivery.eventSubject
                return Self.delivery(delivery, position: position)
            }
        }()
        var traces = await requests + pushes + eventsAndDeliveries
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

    /// Journal entries as traces, in order: slices of the journal read side by side.
    private func requests(_ journal: [JournalEntry], aliases: [String: [String]]) async -> [AuditTrace] {
        let sliceSize = max(1_000, journal.count / max(1, ProcessInfo.processInfo.activeProcessorCount))
        return await withTaskGroup(of: (Int, [AuditTrace]).self) { group in
            for start in stride(from: 0, to: journal.count, by: sliceSize) {
                let slice = journal[start..<min(start + sliceSize, journal.count)]
                group.addTask {
                    var parsed = ParsedTexts()
                    return (start, slice.map { request($0, aliases: aliases, parsed: &parsed) })
                }
            }
            var slices: [(Int, [AuditTrace])] = []
            for await slice in group { slices.append(slice) }
            return slices.sorted { $0.0 < $1.0 }.flatMap(\.1)
        }
    }

    /// A journal entry as a trace: its operation's path parameters, query, JSON body and kept
    /// answer, and the subjects its path and `Poq-User-Id` name.
    func request(_ entry: JournalEntry, aliases: [String: [String]], parsed: inout ParsedTexts) -> AuditTrace {
        let parameters = entry.operation.map { paths.parameters(api: $0.api, operation: $0.id, path: entry.path) } ?? [:]
        var subjects: [String] = []
        func add(_ subject: String) { if !subjects.contains(subject) { subjects.append(subject) } }
        for (name, value) in parameters.sorted(by: { $0.key < $1.key }) {
            switch name {
            case "driver_id", "user_id": add("driver:\(value)")
            case "clientUuid": add("client:\(value)")
            default: for subject in aliases["\(name)=\(value)"] ?? [] { add(subject) }
            }
        }
        if let member = entry.header("poq-user-id"), !member.isEmpty { add("member:\(member)") }
        return AuditTrace(
            id: entry.id, kind: .request, recordedAt: entry.receivedAt, tenantAt: entry.at, position: entry.serial, subjects: subjects,
            request: .init(
                operation: entry.operation?.id, api: entry.operation?.api, method: entry.method, path: entry.path, status: entry.status,
                latencyMilliseconds: entry.latencyMilliseconds, parameters: parameters, query: Self.query(entry.query), authorization: entry.header("authorization"),
                body: entry.bodyExcerpt.flatMap { parsed.json(of: $0) },
                answer: entry.answer.flatMap { parsed.json(of: $0) }, answerBytes: entry.answer, hint: entry.hint
            )
        )
    }

    /// Bodies and answers parsed as JSON, each distinct text once: a client polling one read
    /// gets the same answer many times.
    struct ParsedTexts {
        private var texts: [String: JSONValue?] = [:]
        private var buffers: [ByteBuffer: JSONValue?] = [:]

        mutating func json(of text: String) -> JSONValue? {
            if let known = texts[text] { return known }
            let value = try? JSONParser.parse(Array(text.utf8))
            texts[text] = value
            return value
        }

        mutating func json(of buffer: ByteBuffer) -> JSONValue? {
            if let known = buffers[buffer] { return known }
            let value = try? JSONParser.parse(buffer.readableBytesView)
            buffers[buffer] = value
            return value
        }
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
                latencyMilliseconds: 0, parameters: [:], query: [:], authorization: nil,
                body: .object(["url": .string(endpoint.url), "events": .array(endpoint.events.map(JSONValue.string))]),
                answer: nil, answerBytes: nil, hint: nil
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
