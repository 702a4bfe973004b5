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
            if stores.deliveries.isEmpty { stores.deliveries = traces.deliveries } else { stores.deliveries += traces.deliveries }
            stores.endpoints += traces.endpoints
            stores.aliases.merge(traces.aliases) { held, added in held + added.filter { !held.contains($0) } }
            stores.dropped += traces.dropped
        }
        // Each log as it is now (copy-on-write copies: the locks are held for a reference
        // count), read side by side: the journal in slices, the others each on its own.
        let journal = runtime.journal.all, events = runtime.events.all, outbox = runtime.outbox.all
        let aliases = stores.aliases, deliveries = stores.deliveries
        async let requests = requests(journal, aliases: aliases)
        async let pushes = { () -> [AuditTrace] in
            var names = SubjectNames()
            return outbox.enumerated().compactMap { Self.push($1, position: $0, aliases: aliases, names: &names) }
        }()
        async let eventsAndDeliveries = { () -> [AuditTrace] in
            var names = SubjectNames()
            var traces: [AuditTrace] = []
            traces.reserveCapacity(events.count + deliveries.count)
            var driverOfEvent: [String: String] = [:]
            driverOfEvent.reserveCapacity(events.count)
            for event in events {
                if driverOfEvent[event.id] == nil { driverOfEvent[event.id] = event.subject }
                if let trace = Self.event(event, names: &names) { traces.append(trace) }
            }
            for (position, delivery) in deliveries.enumerated() {
                traces.append(Self.delivery(delivery, driver: driverOfEvent[delivery.eventID] ?? delivery.eventSubject, position: position, names: &names))
            }
            return traces
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
        traces = AuditTrace.sorted(traces)
        let now = Date()
        return AuditRun(
            traces: traces, cutOff: cutOff, truncated: truncated, journalWindowStarts: journal.first?.receivedAt, now: now,
            tenantNow: tenant.clock.now, since: since ?? traces.first?.recordedAt ?? tenant.createdAt,
            settings: tenant.settings.json.objectValue ?? [:], zipcodes: runtime.fixtures.zipcodes
        )
    }

    /// Journal entries as traces, in order: slices of the journal read side by side.
    private func requests(_ journal: CircularBuffer<JournalEntry>, aliases: [String: [String]]) async -> [AuditTrace] {
        let sliceSize = max(1_000, journal.count / max(1, ProcessInfo.processInfo.activeProcessorCount))
        return await withTaskGroup(of: (Int, [AuditTrace]).self) { group in
            for start in stride(from: 0, to: journal.count, by: sliceSize) {
                let lower = journal.index(journal.startIndex, offsetBy: start)
                let upper = journal.index(lower, offsetBy: min(sliceSize, journal.count - start))
                group.addTask {
                    var read = ReadTexts()
                    return (start, journal[lower..<upper].map { request($0, aliases: aliases, read: &read) })
                }
            }
            var slices: [(Int, [AuditTrace])] = []
            for await slice in group { slices.append(slice) }
            return slices.sorted { $0.0 < $1.0 }.flatMap(\.1)
        }
    }

    /// A journal entry as a trace: its operation's path parameters, query, JSON body and kept
    /// answer, and the subjects its path and `Poq-User-Id` name.
    func request(_ entry: JournalEntry, aliases: [String: [String]], read: inout ReadTexts) -> AuditTrace {
        let (parameters, named) = read.path(entry.path, of: entry.operation) { path, operation in
            let parameters = operation.map { paths.parameters(api: $0.api, operation: $0.id, path: path) } ?? [:]
            var subjects: [String] = []
            for (name, value) in parameters.sorted(by: { $0.key < $1.key }) {
                switch name {
                case "driver_id", "user_id": subjects.append("driver:\(value)")
                case "clientUuid": subjects.append("client:\(value)")
                default: subjects += aliases["\(name)=\(value)"] ?? []
                }
            }
            return (parameters, subjects.reduce(into: []) { unique, subject in if !unique.contains(subject) { unique.append(subject) } })
        }
        var subjects = named
        if let member = entry.header("poq-user-id"), !member.isEmpty {
            if named.isEmpty {
                subjects = read.names.only("member:", member)
            } else if case let subject = read.names.name("member:", member), !subjects.contains(subject) {
                subjects.append(subject)
            }
        }
        return AuditTrace(
            id: entry.id, kind: .request, recordedAt: entry.receivedAt, tenantAt: entry.at, position: entry.serial, subjects: subjects,
            request: .init(
                operation: entry.operation?.id, api: entry.operation?.api, method: entry.method, path: entry.path, status: entry.status,
                latencyMilliseconds: entry.latencyMilliseconds, parameters: parameters, query: Self.query(entry.query), authorization: entry.header("authorization"),
                body: entry.bodyExcerpt.flatMap { read.json(of: $0) },
                answer: entry.answer.flatMap { read.json(of: $0) }, answerBytes: entry.answer, hint: entry.hint
            )
        )
    }

    /// What one slice of the journal read once: each distinct body and answer parsed as JSON
    /// (a client polling one read gets the same answer many times), each path's parameters
    /// and subjects, and the subject names.
    struct ReadTexts {
        private var texts: [String: JSONValue?] = [:]
        private var buffers: [ByteBuffer: JSONValue?] = [:]
        private var paths: [PathKey: (parameters: [String: String], subjects: [String])] = [:]
        var names = SubjectNames()

        private struct PathKey: Hashable {
            var path: String
            var operation: String?
            var api: String?
        }

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

        /// The parameters and subjects of `path` sent to `operation`, made by `make` once.
        mutating func path(
            _ path: String, of operation: JournalEntry.Operation?,
            make: (String, JournalEntry.Operation?) -> (parameters: [String: String], subjects: [String])
        ) -> (parameters: [String: String], subjects: [String]) {
            let key = PathKey(path: path, operation: operation?.id, api: operation?.api)
            if let known = paths[key] { return known }
            let made = make(path, operation)
            paths[key] = made
            return made
        }
    }

    /// Subject names made once per id, so that the traces of one driver share one string, and
    /// the traces about that driver alone one array.
    struct SubjectNames {
        private var names: [String: [String: [String]]] = [:]

        /// `prefix` (`driver:`, `member:`) and `id` as one name.
        mutating func name(_ prefix: String, _ id: String) -> String { only(prefix, id)[0] }

        /// The subjects of a trace about `prefix` and `id` alone.
        mutating func only(_ prefix: String, _ id: String) -> [String] {
            if let known = names[prefix]?[id] { return known }
            let subjects = [prefix + id]
            names[prefix, default: [:]][id] = subjects
            return subjects
        }
    }

    /// An event as a trace, about the driver it names; nil for one recorded before events kept
    /// their wall instant.
    static func event(_ event: PlatformEvent, names: inout SubjectNames) -> AuditTrace? {
        guard let recordedAt = event.recordedAt else { return nil }
        return AuditTrace(
            id: event.id, kind: .event, recordedAt: recordedAt, tenantAt: event.createdAt, position: event.sequence,
            subjects: event.subject.isEmpty ? [] : names.only("driver:", event.subject),
            event: .init(kind: event.kind.rawValue, subject: event.subject, payload: event.payload)
        )
    }

    /// A push as a trace, about its token's holder (a driver) or the members whose passes
    /// registered the token.
    static func push(_ entry: PushEntry, position: Int, aliases: [String: [String]], names: inout SubjectNames) -> AuditTrace? {
        guard let recordedAt = entry.recordedAt else { return nil }
        let push = entry.push
        let subjects = push.holder.map { names.only("driver:", $0) } ?? aliases["pushToken=\(push.deviceToken)"] ?? []
        return AuditTrace(
            id: entry.id, kind: .push, recordedAt: recordedAt, tenantAt: entry.createdAt, position: UInt64(position), subjects: subjects,
            push: .init(kind: push.kind.rawValue, platform: push.platform, deviceToken: push.deviceToken, holder: push.holder, payload: push.payload)
        )
    }

    /// A webhook attempt as a trace, about `driver`: the one its event names as the event log
    /// has it, else as the payload does.
    static func delivery(_ delivery: DeliveryTrace, driver: String?, position: Int, names: inout SubjectNames) -> AuditTrace {
        let delivery = delivery.naming(driver)
        return AuditTrace(
            id: delivery.id, kind: .delivery, recordedAt: delivery.recordedAt, tenantAt: delivery.tenantAt, position: UInt64(position),
            subjects: driver.map { names.only("driver:", $0) } ?? [], delivery: delivery
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
