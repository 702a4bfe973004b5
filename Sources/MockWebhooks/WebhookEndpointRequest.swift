import Foundation
import MockPlatformKit

/// The body of a create or update of a webhook endpoint (`openapi/control.yaml`
/// createWebhookEndpoint, updateWebhookEndpoint), checked field by field.
package struct WebhookEndpointRequest: Equatable, Sendable {
    package var url: String?
    package var events: [EventKind]?
    package var secret: WebhookSecret?
    package var enabled: Bool?

    /// Reads a body; `requireURL` for a create; `events` names kinds among `kinds`.
    package init(body: [String: JSONValue], requireURL: Bool, allowlist: WebhookAllowlist, kinds: KnownKinds) throws(APIError) {
        let known: Set = ["url", "events", "secret", "enabled"]
        if let unknown = body.keys.sorted().first(where: { !known.contains($0) }) { throw .badRequest("unknown field \(unknown)") }
        switch body["url"] {
        case nil:
            if requireURL { throw .badRequest("url is required") }
        case let value?:
            url = try Self.url(value, allowlist: allowlist)
        }
        switch body["events"] {
        case nil: events = nil
        case .array(let items)?:
            let kinds = items.compactMap { item -> EventKind? in
                if case .string(let name) = item { return kinds.eventKind(named: name) }
                return nil
            }
            guard kinds.count == items.count else { throw .badRequest("events must be a list of event kinds") }
            events = kinds
        default: throw .badRequest("events must be a list of event kinds")
        }
        switch body["secret"] {
        case nil: secret = nil
        case .string(let text)?:
            guard let parsed = WebhookSecret(text) else { throw .badRequest("secret must be whsec_ followed by base64 of 24 to 63 bytes") }
            secret = parsed
        default: throw .badRequest("secret must be whsec_ followed by base64 of 24 to 63 bytes")
        }
        switch body["enabled"] {
        case nil: enabled = nil
        case .bool(let value)?: enabled = value
        default: throw .badRequest("enabled must be a boolean")
        }
    }

    /// An endpoint's `url`: an absolute http(s) URL whose host `allowlist` allows.
    package static func url(_ value: JSONValue, allowlist: WebhookAllowlist) throws(APIError) -> String {
        guard case .string(let text) = value, isHTTPURL(text), let host = URL(string: text)?.host, !host.isEmpty else {
            throw .badRequest("url must be an absolute http or https URL")
        }
        guard allowlist.allows(host: host) else { throw .badRequest("url host \(host) is not allowed by --webhook-allow") }
        return text
    }

    /// `http(s)://host[:port][/path][?query][#fragment]` with a name or IPv4 host and RFC 3986
    /// characters in each part: the pattern `openapi/control.yaml` gives for `url`.
    static func isHTTPURL(_ text: String) -> Bool {
        let lower = text.lowercased()
        guard lower.hasPrefix("http://") || lower.hasPrefix("https://") else { return false }
        let rest = text.drop { $0 != ":" }.dropFirst(3)
        let authority = rest.prefix { !"/?#".contains($0) }
        let parts = authority.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
        guard let host = parts.first, !host.isEmpty, host.allSatisfy(hostCharacters.contains) else { return false }
        if parts.count == 2, !((1...5).contains(parts[1].count) && parts[1].allSatisfy { $0.isASCII && $0.isNumber }) { return false }
        var tail = rest.dropFirst(authority.count)
        let fragment = tail.firstIndex(of: "#").map { index in defer { tail = tail[..<index] }; return tail[tail.index(after: index)...] }
        let query = tail.firstIndex(of: "?").map { index in defer { tail = tail[..<index] }; return tail[tail.index(after: index)...] }
        return isEncoded(tail, extra: "/") && isEncoded(query ?? "", extra: "/?") && isEncoded(fragment ?? "", extra: "/?")
    }

    private static let hostCharacters = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._~-")
    private static let pathCharacters = hostCharacters.union("!$&'()*+,;=:@")

    /// RFC 3986 `pchar`s and `extra`, with `%` only before two hex digits.
    private static func isEncoded(_ part: Substring, extra: String) -> Bool {
        let characters = Array(part)
        var index = 0
        while index < characters.count {
            if characters[index] == "%" {
                guard index + 2 < characters.count, characters[index + 1].isHexDigit, characters[index + 2].isHexDigit else { return false }
                index += 3
            } else {
                guard pathCharacters.contains(characters[index]) || extra.contains(characters[index]) else { return false }
                index += 1
            }
        }
        return true
    }
}
