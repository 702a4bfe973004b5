import Foundation

/// The body of a create or update of a webhook endpoint (`openapi/control.yaml`
/// createWebhookEndpoint, updateWebhookEndpoint), checked field by field.
public struct WebhookEndpointRequest: Equatable, Sendable {
    public var url: String?
    public var events: [EventKind]?
    public var secret: WebhookSecret?
    public var enabled: Bool?

    /// Reads a body; `requireURL` for a create.
    public init(body: [String: JSONValue], requireURL: Bool, allowlist: WebhookAllowlist) throws(APIError) {
        let known: Set = ["url", "events", "secret", "enabled"]
        if let unknown = body.keys.sorted().first(where: { !known.contains($0) }) { throw .badRequest("unknown field \(unknown)") }
        let fields = FieldReader(body)
        if let text = try? fields.string("url") {
            guard let parsed = URL(string: text), let scheme = parsed.scheme?.lowercased(), ["http", "https"].contains(scheme),
                  let host = parsed.host, !host.isEmpty
            else { throw .badRequest("url must be an absolute http or https URL") }
            guard allowlist.allows(host: host) else { throw .badRequest("url host \(host) is not allowed by --webhook-allow") }
            url = text
        } else if fields.value("url") != nil {
            throw .badRequest("url must be an absolute http or https URL")
        } else if requireURL {
            throw .badRequest("url is required")
        }
        switch body["events"] {
        case nil: events = nil
        case .array(let items)?:
            let kinds = items.compactMap { item -> EventKind? in
                if case .string(let name) = item { return EventKind(rawValue: name) }
                return nil
            }
            guard kinds.count == items.count else { throw .badRequest("events must be a list of event kinds") }
            events = kinds
        default: throw .badRequest("events must be a list of event kinds")
        }
        switch body["secret"] {
        case nil: secret = nil
        case .string(let text)?:
            guard let parsed = WebhookSecret(text) else { throw .badRequest("secret must be whsec_ followed by base64 of 24 to 64 bytes") }
            secret = parsed
        default: throw .badRequest("secret must be whsec_ followed by base64 of 24 to 64 bytes")
        }
        switch body["enabled"] {
        case nil: enabled = nil
        case .bool(let value)?: enabled = value
        default: throw .badRequest("enabled must be a boolean")
        }
    }
}
