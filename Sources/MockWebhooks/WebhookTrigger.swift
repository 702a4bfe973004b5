import MockPlatformKit

/// The body of `POST /_mock/webhooks/trigger` (`openapi/control.yaml` triggerWebhook).
struct WebhookTrigger {
    let kind: EventKind
    /// What the event is about (`PlatformEvent.subject`), sent as `driver_id`.
    let subject: String
    /// Dotted payload paths and their values, by path.
    let overrides: [(path: String, value: JSONValue)]

    /// Most `overrides` keys a trigger may have.
    static let maxOverrides = 64
    /// Most dotted segments an `overrides` key may have.
    static let maxOverrideSegments = 16
    /// Most bytes `overrides` may hold, as JSON (docs/operating.md "Sharing one instance": a bound has a count and a size).
    static let maxOverrideBytes = 65_536

    /// Reads a body whose `event` names one of `kinds`.
    init(body: [String: JSONValue], kinds: KnownKinds) throws(APIError) {
        let fields = FieldReader(body)
        let name = try fields.required("event", fields.string)
        guard let kind = kinds.eventKind(named: name) else {
            let names = kinds.eventKinds.map(\.rawValue)
            let hint = NearestName.to(name, among: names).map { " (did you mean \($0)?)" } ?? ""
            throw .badRequest("event must be an event kind: \(names.joined(separator: ", "))\(hint)")
        }
        self.kind = kind
        subject = try fields.required("driver_id", fields.string)
        try PathSegmentID.validate(subject, name: "driver_id")
        switch body["overrides"] {
        case nil: overrides = []
        case .object(let pairs)?:
            guard pairs.count <= Self.maxOverrides else {
                throw .badRequest("overrides must have at most \(Self.maxOverrides) keys", limit: .triggerOverrides)
            }
            if pairs.keys.contains(where: { key in key.utf8.count { $0 == UInt8(ascii: ".") } >= Self.maxOverrideSegments }) {
                throw .badRequest("overrides keys must have at most \(Self.maxOverrideSegments) dotted segments", limit: .triggerOverrides)
            }
            guard JSONValue.object(pairs).text.utf8.count <= Self.maxOverrideBytes else {
                throw .badRequest("overrides must be at most \(Self.maxOverrideBytes / 1024) KiB of JSON", limit: .triggerOverrides)
            }
            overrides = pairs.keys.sorted().map { ($0, pairs[$0] ?? .null) }
        default: throw .badRequest("overrides must be an object")
        }
    }

    /// `event` with the overrides applied, its id taken from a `webhook_event_id` the payload
    /// then has; and the overrides whose path the built payload did not have (applied all the
    /// same).
    func applied(to event: PlatformEvent) throws(APIError) -> (event: PlatformEvent, unmatched: [UnmatchedOverride]) {
        var event = event
        let unmatched = UnmatchedOverride.find(overrides.map(\.path), in: event.payload)
        for (path, value) in overrides {
            guard let changed = event.payload.setting(path: path, to: value) else {
                throw .badRequest("overrides.\(path) is not a valid path")
            }
            event.payload = changed
        }
        if case .object(let fields) = event.payload, case .string(let id)? = fields["webhook_event_id"] {
            guard WellFormedID.isWellFormed(id) else { throw .badRequest("overrides.webhook_event_id \(WellFormedID.rule)") }
            event.id = id
        }
        return (event, unmatched)
    }

    /// The 400 for a kind no module's store builds by hand, naming the platforms that do.
    static func unbuildable(_ kind: EventKind, builders: [String]) -> APIError {
        let owners = builders.map { "\($0)'s" }.joined(separator: " or ")
        return .badRequest("a \(kind) event is not \(owners): only \(owners) kinds can be triggered")
    }
}
