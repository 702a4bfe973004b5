import Foundation

/// The hosts and networks webhook targets may point at (`--webhook-allow`): host names (exact,
/// case-insensitive), IPv4 addresses or IPv4 CIDRs. Empty: any http(s) target.
public struct WebhookAllowlist: Sendable, Equatable {
    private enum Rule: Sendable, Equatable {
        case host(String)
        case network(address: UInt32, prefix: Int)
    }

    private let rules: [Rule]

    /// Everything.
    public static let any = WebhookAllowlist(rules: [])

    private init(rules: [Rule]) { self.rules = rules }

    /// Reads a comma-separated list; nil names the first entry that is neither a host nor a CIDR.
    public init(parsing text: String) throws(APIError) {
        var rules: [Rule] = []
        for entry in text.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces).lowercased() }) where !entry.isEmpty {
            let parts = entry.split(separator: "/", omittingEmptySubsequences: false)
            if let address = Self.ipv4(String(parts[0])) {
                let prefix = parts.count == 2 ? Int(parts[1]) : 32
                guard parts.count <= 2, let prefix, (0...32).contains(prefix) else {
                    throw .badRequest("webhook allowlist entry \(entry) is not a host or an IPv4 CIDR")
                }
                rules.append(.network(address: address, prefix: prefix))
            } else {
                guard parts.count == 1, entry.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "." || $0 == "-" }) else {
                    throw .badRequest("webhook allowlist entry \(entry) is not a host or an IPv4 CIDR")
                }
                rules.append(.host(entry))
            }
        }
        self.rules = rules
    }

    /// Whether a URL's host may receive webhooks.
    public func allows(host: String) -> Bool {
        guard !rules.isEmpty else { return true }
        let host = host.lowercased()
        let address = Self.ipv4(host)
        return rules.contains { rule in
            switch rule {
            case .host(let allowed): return allowed == host
            case .network(let network, let prefix):
                guard let address else { return false }
                let mask: UInt32 = prefix == 0 ? 0 : ~UInt32(0) << (32 - prefix)
                return address & mask == network & mask
            }
        }
    }

    private static func ipv4(_ text: String) -> UInt32? {
        let octets = text.split(separator: ".", omittingEmptySubsequences: false)
        guard octets.count == 4 else { return nil }
        var value: UInt32 = 0
        for octet in octets {
            guard !octet.isEmpty, octet.count <= 3, let number = UInt32(octet), number <= 255 else { return nil }
            value = value << 8 | number
        }
        return value
    }
}
