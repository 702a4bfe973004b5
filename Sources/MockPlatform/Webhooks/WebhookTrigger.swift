/// The body of `POST /_mock/webhooks/trigger` (`openapi/control.yaml` triggerWebhook).
struct WebhookTrigger {
    let kind: EventKind
    let driverID: String
    /// Dotted payload paths and their values, by path.
    let overrides: [(path: String, value: JSONValue)]

    init(body: [String: JSONValue]) throws(APIError) {
        let fields = FieldReader(body)
        let name = try fields.required("event", fields.string)
        guard let kind = EventKind(rawValue: name) else { throw .badRequest("event must be an event kind") }
        self.kind = kind
        driverID = try fields.required("driver_id", fields.string)
        try DriverID.validate(driverID)
        switch body["overrides"] {
        case nil: overrides = []
        case .object(let pairs)?: overrides = pairs.keys.sorted().map { ($0, pairs[$0] ?? .null) }
        default: throw .badRequest("overrides must be an object")
        }
    }
}
