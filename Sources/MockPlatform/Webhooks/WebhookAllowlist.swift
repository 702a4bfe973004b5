import Foundation

/// The hosts and networks webhook targets may point at (`--webhook-allow`): host names (exact,
/// case-insensitive), IPv4 addresses or IPv4 CIDRs. Empty: any http(s) target.
package struct WebhookAllowlist: Sendable, Equatable {
    private enum Rule: Sendable, Equatable {
        case host(String)
        case network(address: UInt32, prefix: Int)
    }

    private let rules: [Rule]

    /// Everything.
    package static let any = WebhookAllowlist(rules: [])

    private init(rules: [Rule]) { self.rules = rules }

    /// Reads a comma-separated list; nil names the first entry that is neither a host nor a CIDR.
    package init(parsing text: String) throws(APIError) {
        var rules: [Rule] = []
        for entry in text.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces).lowercased() }) where !entry.isEmpty {
            let parts = entry.split(separator: "/", omittingEmptySubsequences: false)
            if Self.isAmbiguousIPv4(String(parts[0])) {
                throw .badRequest("webhook allowlist entry \(entry) is not a host or an IPv4 CIDR")
            } else if let address = Self.ipv4(String(parts[0])) {
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

    /// Whether a URL's host may receive webhooks: a name an entry names, or an address —
    /// the host itself when it is one, else every address the name resolves to — inside an
    /// allowed network. A host a resolver could read as an IPv4 address other than the
    /// canonical dotted quad (`012.0.0.1`, `0x7f.1`, `2130706433`) is never allowed: which
    /// address it means depends on who reads it.
    package func allows(host: String) -> Bool {
        guard !rules.isEmpty else { return true }
        let host = host.lowercased()
        guard !Self.isAmbiguousIPv4(host) else { return false }
        if rules.contains(.host(host)) { return true }
        let addresses = Self.ipv4(host).map { [$0] } ?? Self.resolve(host)
        return !addresses.isEmpty && addresses.allSatisfy { address in
            rules.contains { rule in
                guard case .network(let network, let prefix) = rule else { return false }
                let mask: UInt32 = prefix == 0 ? 0 : ~UInt32(0) << (32 - prefix)
                return address & mask == network & mask
            }
        }
    }

    /// The canonical dotted quad: four decimal octets, no leading zeros.
    private static func ipv4(_ text: String) -> UInt32? {
        let octets = text.split(separator: ".", omittingEmptySubsequences: false)
        guard octets.count == 4 else { return nil }
        var value: UInt32 = 0
        for octet in octets {
            guard octet.isAllDigits, octet.count <= 3, octet == "0" || !octet.hasPrefix("0"), let number = UInt32(octet), number <= 255 else {
                return nil
            }
            value = value << 8 | number
        }
        return value
    }

    /// A host whose last label is a number (decimal, or `0x` hex), so that URL parsers and
    /// resolvers read it as an IPv4 address, but which is not the canonical dotted quad.
    static func isAmbiguousIPv4(_ host: String) -> Bool {
        guard ipv4(host) == nil, let last = host.split(separator: ".").last else { return false }
        return last.isAllDigits || last.hasPrefix("0x")
    }

    /// The IPv4 addresses a name resolves to now; none when it does not resolve.
    private static func resolve(_ host: String) -> [UInt32] {
        var hints = addrinfo()
        hints.ai_family = AF_INET
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var list: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(host, nil, &hints, &list) == 0, let list else { return [] }
        defer { freeaddrinfo(list) }
        var addresses: [UInt32] = []
        for entry in sequence(first: list, next: { $0.pointee.ai_next }) {
            guard let address = entry.pointee.ai_addr, entry.pointee.ai_family == AF_INET else { continue }
            address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { addresses.append(UInt32(bigEndian: $0.pointee.sin_addr.s_addr)) }
        }
        return addresses
    }
}
