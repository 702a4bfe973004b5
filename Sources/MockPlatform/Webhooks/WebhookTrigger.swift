/// The body of `POST /_mock/webhooks/trigger` (`openapi/control.yaml` triggerWebhook).
struct WebhookTrigger {
    let kind: EventKind
    let driverID: String
    /// Dotted payload paths and their values, by path.
    let overrides: [(path: String, value: JSONValue)]

    /// Most `overrides` keys a trigger may have.
    static let maxOverrides = 64
    /// Most dotted segments an `overrides` key may have.
    static let maxOverrideSegments = 16

    /// Reads a body whose `event` names one of `kinds`.
    init(body: [String: JSONValue], kinds: KnownKinds) throws(APIError) {
        let fields = FieldReader(body)
        let name = try fields.required("event", fields.string)
        guard let kind = kinds.eventKind(named: name) else { throw .badRequest("event must be an event kind") }
        self.kind = kind
        driverID = try fields.required("driver_id", fields.string)
        try DriverID.validate(driverID)
        switch body["overrides"] {
        case nil: overrides = []
        case .object(let pairs)?:
            guard pairs.count <= Self.maxOverrides else {
                throw .badRequest("overrides must have at most \(Self.maxOverrides) keys", limit: .triggerOverrides)
            }
            if pairs.keys.contains(where: { key in key.utf8.count { $0 == UInt8(ascii: ".") } >= Self.maxOverrideSegments }) {
                throw .badRequest("overrides keys must have at most \(Self.maxOverrideSegments) dotted segments", limit: .triggerOverrides)
            }
            overrides = pairs.keys.sorted().map { ($0, pairs[$0] ?? .null) }
        default: throw .badRequest("overrides must be an object")
        }
    }
}
