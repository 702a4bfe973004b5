import Foundation
import MockPlatformKit

/// One tenant's webhook endpoints and delivery log, and the consumer that turns the tenant's
/// events into deliveries (`openapi/control.yaml`, webhooks).
///
/// It subscribes to the event log when the tenant is created and makes one message per
/// (event, matching endpoint). Each attempt is a timer on the tenant clock (the first at once,
/// retries per the tenant's retry profile), so a frozen clock holds retries until it moves.
/// An attempt runs outside the store and the timer: a slow receiver blocks nothing else.
package actor WebhookStore: ModuleStore {
    /// Messages kept in the log per tenant, in every case: the oldest settled ones go first,
    /// then the oldest queued for a disabled endpoint, then the oldest waiting for a retry.
    package static let messageCapacity = 10_000
    /// Attempts under way at once for one tenant (and so for each of its endpoints): a tenant
    /// whose receivers hang never holds up another tenant's deliveries.
    package static let attemptsInFlight = 16

    struct State: Codable, Sendable {
        var endpoints: [WebhookEndpoint] = []
        var messages: [WebhookMessage] = []
        var ids: IDGenerator
    }

    private(set) var state: State
    /// Index into `state.messages` by id.
    private var positions: [String: Int] = [:]
    /// The ids of each event's messages, by event id.
    private var messagesOfEvent: [String: [String]] = [:]
    /// The messages' sizes in all (`WebhookMessage.storedSize`), counted in the tenant's storage.
    private var messageBytes = 0
    /// How many messages the log gave up to its bounds since the store was made.
    private(set) var droppedMessages = 0
    /// Messages with an attempt under way.
    private var inFlight: Set<String> = []
    /// Held by each attempt while it is sent.
    private let attemptPermits = AsyncSemaphore(limit: WebhookStore.attemptsInFlight)
    /// The newest event turned into messages, and who waits for a later one.
    private var progress: EventProgress
    private let runtime: TenantRuntime
    private let transport: WebhookTransport

    init(runtime: TenantRuntime, transport: WebhookTransport, restoring snapshot: StoreState?) throws {
        var initial = try snapshot.map { json in
            let restored = try Self.state(State.self, from: json)
            try Self.checkKinds(of: restored, known: runtime.kinds)
            try runtime.quotas.checkRestored(.endpoints, count: restored.endpoints.count)
            return restored
        } ?? Self.fresh(runtime)
        initial.ids = runtime.seed.generator(for: "webhooks", restoring: initial.ids)
        self.runtime = runtime
        self.transport = transport
        state = initial
        progress = EventProgress(processedThrough: runtime.events.nextSequence - 1)
        for (index, message) in initial.messages.enumerated() {
            positions[message.id] = index
            messagesOfEvent[message.eventID, default: []].append(message.id)
        }
        messageBytes = initial.messages.reduce(0) { $0 + $1.storedSize }
        runtime.storage.logGrew(by: messageBytes, inStateDocument: true)
        let events = runtime.events.subscribe()
        Task { [weak self] in
            for await event in events { await self?.record(event) }
            await self?.eventsEnded()
        }
        for message in initial.messages where message.status == .pending {
            Self.scheduleAttempt(message.id, at: runtime.clock.now, runtime: runtime, store: self)
        }
    }

    package func snapshot() throws -> StoreState { try Self.json(state) }

    /// Every event kind a restored state names is one the modules declare.
    private static func checkKinds(of state: State, known: KnownKinds) throws(RestoredValueCheck.UnknownKind) {
        for (index, endpoint) in state.endpoints.enumerated() {
            for (position, kind) in endpoint.events.enumerated() { try known.check(kind, at: "endpoints.\(index).events.\(position)") }
        }
        for (index, message) in state.messages.enumerated() { try known.check(message.event, at: "messages.\(index).event") }
    }

    /// A tenant's first state: the fixtures' endpoints (and `--webhook-url` for `default`).
    private static func fresh(_ runtime: TenantRuntime) -> State {
        var state = State(ids: runtime.seed.generator(for: "webhooks"))
        let seeds = runtime.fixtures.webhookEndpoints + (runtime.name == .default ? runtime.fixtures.defaultTenantWebhookEndpoints : [])
        for seed in seeds {
            state.endpoints.append(WebhookEndpoint(
                id: Self.endpointID(&state.ids), url: seed.url, events: seed.events ?? runtime.kinds.eventKinds,
                secret: seed.secret ?? WebhookSecret(generatingWith: &state.ids), enabled: true, createdAt: runtime.clock.now, recordedAt: Date()
            ))
        }
        return state
    }

    private static func endpointID(_ ids: inout IDGenerator) -> String {
        "ep_" + ids.uuid().replacingOccurrences(of: "-", with: "").prefix(16)
    }

    // MARK: - Endpoints

    package var endpoints: [WebhookEndpoint] { state.endpoints }

    package func endpoint(_ id: String) throws(APIError) -> WebhookEndpoint {
        guard let endpoint = state.endpoints.first(where: { $0.id == id }) else { throw .notFound("no webhook endpoint \(id)") }
        return endpoint
    }

    /// Registers an endpoint; a secret is generated when none is given. 429 past the tenant's
    /// quota.
    package func createEndpoint(
        url: String, events: [EventKind]?, secret: WebhookSecret?, enabled: Bool?
    ) throws(APIError) -> WebhookEndpoint {
        try runtime.quotas.admit(.endpoints, to: state.endpoints.count)
        let endpoint = WebhookEndpoint(
            id: Self.endpointID(&state.ids),
            url: url, events: events ?? runtime.kinds.eventKinds, secret: secret ?? WebhookSecret(generatingWith: &state.ids),
            enabled: enabled ?? true, createdAt: runtime.clock.now, recordedAt: Date()
        )
        state.endpoints.append(endpoint)
        return endpoint
    }

    /// Changes an endpoint; enabling it delivers what waited for it.
    package func updateEndpoint(
        _ id: String, url: String?, events: [EventKind]?, secret: WebhookSecret?, enabled: Bool?
    ) throws(APIError) -> WebhookEndpoint {
        guard let index = state.endpoints.firstIndex(where: { $0.id == id }) else { throw .notFound("no webhook endpoint \(id)") }
        let wasEnabled = state.endpoints[index].enabled
        if let url { state.endpoints[index].url = url }
        if let events { state.endpoints[index].events = events }
        if let secret { state.endpoints[index].secret = secret }
        if let enabled { state.endpoints[index].enabled = enabled }
        if !wasEnabled, state.endpoints[index].enabled { resumeQueued(for: id) }
        return state.endpoints[index]
    }

    /// Removes an endpoint; its undelivered messages are marked failed.
    package func deleteEndpoint(_ id: String) throws(APIError) {
        guard let index = state.endpoints.firstIndex(where: { $0.id == id }) else { throw .notFound("no webhook endpoint \(id)") }
        state.endpoints.remove(at: index)
        for position in state.messages.indices where state.messages[position].endpointID == id && state.messages[position].status == .pending {
            state.messages[position].status = .failed
            runtime.scheduler.cancel(Self.timerKey(state.messages[position].id))
        }
    }

    /// A new secret; the old one keeps signing for `WebhookEndpoint.rotationGrace`.
    package func rotateSecret(_ id: String) throws(APIError) -> WebhookEndpoint {
        guard let index = state.endpoints.firstIndex(where: { $0.id == id }) else { throw .notFound("no webhook endpoint \(id)") }
        let now = runtime.clock.now
        var endpoint = state.endpoints[index]
        endpoint.retiredSecrets = (endpoint.retiredSecrets.filter { $0.validUntil > now }
            + [.init(secret: endpoint.secret, validUntil: now.addingTimeInterval(WebhookEndpoint.rotationGrace))])
            .suffix(WebhookEndpoint.retiredSecretLimit)
        endpoint.secret = WebhookSecret(generatingWith: &state.ids)
        state.endpoints[index] = endpoint
        return endpoint
    }

    // MARK: - The delivery log

    /// Messages matching every filter, oldest first.
    package func messages(
        status: WebhookMessage.Status? = nil, event: EventKind? = nil, endpointID: String? = nil, since: Date? = nil
    ) -> [WebhookMessage] {
        state.messages.filter { message in
            (status.map { message.status == $0 } ?? true) && (event.map { message.event == $0 } ?? true)
                && (endpointID.map { message.endpointID == $0 } ?? true) && (since.map { message.createdAt >= $0 } ?? true)
        }
    }

    package func message(_ id: String) throws(APIError) -> WebhookMessage {
        guard let position = positions[id] else { throw .notFound("no webhook message \(id)") }
        return state.messages[position]
    }

    /// A new round of attempts for a message.
    package func replay(_ id: String) throws(APIError) {
        guard let position = positions[id] else { throw .notFound("no webhook message \(id)") }
        guard state.endpoints.contains(where: { $0.id == state.messages[position].endpointID }) else {
            throw .notFound("the endpoint of webhook message \(id) was deleted")
        }
        state.messages[position].status = .pending
        state.messages[position].roundAttempts = 0
        if !inFlight.contains(id) { scheduleAttempt(id, at: runtime.clock.now) }
    }

    /// Replays every failed message created at or after `since`; returns how many.
    package func recover(since: Date) -> Int {
        let failed = state.messages.filter { $0.status == .failed && $0.createdAt >= since && endpointExists($0.endpointID) }
        for message in failed { try? replay(message.id) }
        return failed.count
    }

    /// The ids of the messages made for an event, once the store has taken it in.
    package func messageIDs(forEvent event: PlatformEvent) async -> [String] {
        await taken(event.sequence)
        return messagesOfEvent[event.id] ?? []
    }

    package func caughtUp() async { await taken(runtime.events.nextSequence - 1) }

    private func taken(_ sequence: UInt64) async {
        if !progress.hasProcessed(sequence) {
            await withCheckedContinuation { progress.wait(for: sequence, $0) }
        }
    }

    // MARK: - Delivery

    /// One message per endpoint that takes the event's kind, enabled or not; the first takes
    /// the event's id as its `webhook-id`.
    private func record(_ event: PlatformEvent) {
        for (index, endpoint) in state.endpoints.filter({ $0.accepts(event.kind) }).enumerated() {
            let message = WebhookMessage(
                id: index == 0 ? event.id : state.ids.uuid(), event: event.kind, eventID: event.id, endpointID: endpoint.id,
                createdAt: event.createdAt, status: .pending, payload: event.payload
            )
            append(message)
            if endpoint.enabled { scheduleAttempt(message.id, at: runtime.clock.now) }
        }
        progress.advance(to: event.sequence)
    }

    /// The tenant shut down (reset, server stop): no event comes any more, so nobody waits.
    private func eventsEnded() { progress.end() }

    /// Adds a message, keeping the log within `messageCapacity` and the tenant within its byte
    /// budget (`TenantStorage.excess`). Past either, the oldest settled messages go in one batch
    /// that leaves 10 % room, so appending stays cheap; when too few are settled, the oldest
    /// pending messages go too (those queued for a disabled endpoint first, then those waiting
    /// for a retry; never one whose attempt is under way, nor the one just added), their timers
    /// cancelled, and they are counted in `mockplatform_webhook_messages_dropped_total`.
    private func append(_ message: WebhookMessage) {
        positions[message.id] = state.messages.count
        messagesOfEvent[message.eventID, default: []].append(message.id)
        state.messages.append(message)
        account(message.storedSize)
        let held = state.messages.count
        defer { droppedMessages += held - state.messages.count }
        let overCount = state.messages.count - Self.messageCapacity, overBytes = runtime.storage.excess
        guard overCount > 0 || overBytes > 0 else { return }
        var settled = MessageTrim(
            count: overCount > 0 ? overCount + Self.messageCapacity / 10 : 0, bytes: overBytes > 0 ? overBytes + messageBytes / 10 : 0
        )
        var freed = 0
        state.messages.removeAll { message in
            guard !settled.isDone, message.status != .pending else { return false }
            let size = message.storedSize
            settled.took(size)
            freed += size
            return true
        }
        account(-freed)
        let enabled = Set(state.endpoints.filter(\.enabled).map(\.id))
        var pending = MessageTrim(count: state.messages.count - Self.messageCapacity, bytes: runtime.storage.excess)
        var dropped = dropPending(&pending, keeping: message.id) { !enabled.contains($0.endpointID) }
        dropped += dropPending(&pending, keeping: message.id) { _ in true }
        if dropped > 0 { transport.metrics.recordWebhookMessagesDropped(dropped) }
        positions = [:]
        messagesOfEvent = [:]
        for (index, kept) in state.messages.enumerated() {
            positions[kept.id] = index
            messagesOfEvent[kept.eventID, default: []].append(kept.id)
        }
    }

    /// Drops the oldest pending messages that `isCandidate` accepts, other than `kept` and
    /// those an attempt is sending, until `trim` is done; returns how many went. (`isCandidate`
    /// must not read the store's state, which is being changed.)
    private func dropPending(_ trim: inout MessageTrim, keeping kept: String, where isCandidate: (WebhookMessage) -> Bool) -> Int {
        guard !trim.isDone else { return 0 }
        let before = state.messages.count
        var freed = 0
        state.messages.removeAll { message in
            guard !trim.isDone, message.status == .pending, message.id != kept, !inFlight.contains(message.id), isCandidate(message)
            else { return false }
            let size = message.storedSize
            trim.took(size)
            freed += size
            runtime.scheduler.cancel(Self.timerKey(message.id))
            return true
        }
        account(-freed)
        return before - state.messages.count
    }

    /// The messages grew by `bytes` (shrank, when negative), as the tenant's storage counts.
    private func account(_ bytes: Int) {
        messageBytes += bytes
        runtime.storage.logGrew(by: bytes, inStateDocument: true)
    }

    /// The attempt a timer asked for: sent outside the store, its outcome recorded afterwards.
    private func attempt(_ id: String) {
        guard let position = positions[id], state.messages[position].status == .pending, !inFlight.contains(id),
              let endpoint = state.endpoints.first(where: { $0.id == state.messages[position].endpointID }), endpoint.enabled
        else { return }
        let message = state.messages[position]
        let settings = runtime.settings
        let startedAt = runtime.clock.now
        let body = message.payload.encoded()
        let timestamp = Int64(saturating: Date().timeIntervalSince1970, rounding: .down)
        let headers = [
            ("Content-Type", "application/json"),
            ("Authorization", "APIKEY \(settings.apiKeys.first ?? "")"),
            ("webhook-id", message.id),
            ("webhook-timestamp", String(timestamp)),
            ("webhook-signature", WebhookSignature.header(
                id: message.id, timestamp: timestamp, body: body, secrets: endpoint.signingSecrets(at: startedAt)
            )),
        ]
        inFlight.insert(id)
        state.messages[position].roundAttempts += 1
        let transport = transport
        let timeout = Duration.milliseconds(settings.webhooks.timeoutMilliseconds)
        let fault = runtime.faults.effect(
            target: .webhook, method: "POST", path: URL(string: endpoint.url)?.path ?? "/", operationID: { message.event.rawValue }
        )
        let permits = attemptPermits
        Task { [weak self] in
            let outcome = await permits.withPermit {
                if let fault {
                    await WebhookFault(effect: fault).attempt {
                        await transport.post(url: endpoint.url, headers: headers, body: body, timeout: timeout)
                    }
                } else {
                    await transport.post(url: endpoint.url, headers: headers, body: body, timeout: timeout)
                }
            }
            await self?.finish(id, startedAt: startedAt, outcome: outcome)
        }
    }

    private func finish(_ id: String, startedAt: Date, outcome: WebhookTransport.Outcome) {
        defer { runtime.changes.advance() }
        inFlight.remove(id)
        transport.metrics.recordWebhookAttempt(WebhookAttemptOutcome(outcome))
        guard let position = positions[id] else { return }
        let attempt = WebhookAttempt(
            at: startedAt, statusCode: outcome.statusCode, latencyMilliseconds: outcome.latencyMilliseconds,
            error: outcome.error, responseExcerpt: outcome.responseExcerpt, recordedAt: Date()
        )
        state.messages[position].attempts.append(attempt)
        account(attempt.storedSize)
        let message = state.messages[position]
        guard message.status == .pending else { return }
        if attempt.delivered {
            state.messages[position].status = .delivered
        } else if outcome.statusCode == 410, let index = state.endpoints.firstIndex(where: { $0.id == message.endpointID }) {
            state.endpoints[index].enabled = false
            state.messages[position].roundAttempts = 0
        } else if let delay = nextDelay(after: message.roundAttempts, retryAfter: outcome.retryAfter) {
            scheduleAttempt(id, at: runtime.clock.now.addingTimeInterval(delay))
        } else {
            state.messages[position].status = .failed
        }
    }

    /// The delay before attempt `made + 1` of a round, or nil when the round is over.
    private func nextDelay(after made: Int, retryAfter: TimeInterval?) -> TimeInterval? {
        let profile = runtime.settings.webhooks.retryProfile
        let delays = profile.delaysMilliseconds
        guard made < delays.count else { return nil }
        var delay = Double(delays[made]) / 1000
        if profile.jitter > 0 {
            let unit = Double(state.ids.next() >> 11) / Double(1 << 53)
            delay *= 1 + profile.jitter * (2 * unit - 1)
        }
        if let retryAfter { delay = max(delay, min(retryAfter, 86_400)) }
        return delay
    }

    private func resumeQueued(for endpointID: String) {
        for message in state.messages where message.endpointID == endpointID && message.status == .pending && !inFlight.contains(message.id) {
            scheduleAttempt(message.id, at: runtime.clock.now)
        }
    }

    private func endpointExists(_ id: String) -> Bool { state.endpoints.contains { $0.id == id } }

    private func scheduleAttempt(_ id: String, at due: Date) {
        Self.scheduleAttempt(id, at: due, runtime: runtime, store: self)
    }

    private static func scheduleAttempt(_ id: String, at due: Date, runtime: TenantRuntime, store: WebhookStore) {
        runtime.scheduler.schedule(timerKey(id), at: due) { [weak store] in await store?.attempt(id) }
    }

    private static func timerKey(_ messageID: String) -> TimerKey { TimerKey(owner: "webhooks", name: messageID) }
}
