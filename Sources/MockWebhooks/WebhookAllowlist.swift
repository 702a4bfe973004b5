import Foundation
import Glibc
import MockPlatformKit

/// The hosts and networks webhook targets may point at (`--webhook-allow`): host names (exact,
/// case-insensitive), IPv4 or IPv6 addresses, or CIDRs of either. Empty: any http(s) target.
///
/// A name is checked against every address it resolves to (A and AAAA), and `addresses(for:)`
/// hands the delivery the address it checked, so that it connects there without a second
/// lookup (a name that answers differently the next time — DNS rebinding — gains nothing).
package struct WebhookAllowlist: Sendable {
    private enum Rule: Sendable, Equatable {
        case host(String)
        case network(IPAddress, prefix: Int)
    }

    private let rules: [Rule]
    /// The addresses a name resolves to now (A and AAAA); `resolve` unless a test sets another.
    private let resolver: @Sendable (String) -> [IPAddress]

    /// Everything.
    package static let any = WebhookAllowlist(rules: [])

    /// Whether there is no allowlist (any target).
    package var allowsAny: Bool { rules.isEmpty }

    private init(rules: [Rule], resolver: @escaping @Sendable (String) -> [IPAddress] = WebhookAllowlist.resolve) {
        self.rules = rules
        self.resolver = resolver
    }

    /// Reads a comma-separated list; throws naming the first entry that is neither a host nor
    /// an address or CIDR. `resolver` stands in for the system's resolver in tests.
    package init(parsing text: String, resolver: (@Sendable (String) -> [IPAddress])? = nil) throws(APIError) {
        var rules: [Rule] = []
        for entry in text.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces).lowercased() }) where !entry.isEmpty {
            let refusal = APIError.badRequest("webhook allowlist entry \(entry) is not a host or an IPv4 or IPv6 CIDR")
            let parts = entry.split(separator: "/", omittingEmptySubsequences: false)
            if Self.isAmbiguousIPv4(String(parts[0])) {
                throw refusal
            } else if let address = IPAddress(String(parts[0])) {
                let prefix = parts.count == 2 ? Int(parts[1]) : address.bits
                guard parts.count <= 2, let prefix, (0...address.bits).contains(prefix) else { throw refusal }
                rules.append(.network(address, prefix: prefix))
            } else {
                guard parts.count == 1, entry.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "." || $0 == "-" }) else { throw refusal }
                rules.append(.host(entry))
            }
        }
        self.init(rules: rules, resolver: resolver ?? Self.resolve)
    }

    /// Whether a URL's host may receive webhooks (`addresses(for:)` is not nil).
    package func allows(host: String) -> Bool { addresses(for: host) != nil }

    /// What a delivery to `host` may connect to: nil when the host is not allowed; an empty
    /// list when it may connect as the host says (no allowlist, a named host, an address); else
    /// the addresses the name resolved to, every one inside an allowed network. A host a
    /// resolver could read as an IPv4 address other than the canonical dotted quad
    /// (`012.0.0.1`, `0x7f.1`, `2130706433`) is never allowed: which address it means depends
    /// on who reads it.
    package func addresses(for host: String) -> [IPAddress]? {
        guard !rules.isEmpty else { return [] }
        var host = host.lowercased()
        if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        guard !Self.isAmbiguousIPv4(host) else { return nil }
        if rules.contains(.host(host)) { return [] }
        if let literal = IPAddress(host) { return isAllowed(literal) ? [] : nil }
        let resolved = resolver(host)
        guard !resolved.isEmpty, resolved.allSatisfy(isAllowed) else { return nil }
        return resolved
    }

    private func isAllowed(_ address: IPAddress) -> Bool {
        rules.contains { rule in
            guard case .network(let network, let prefix) = rule else { return false }
            return network.shares(prefix: prefix, with: address)
        }
    }

    /// A host whose last label is a number (decimal, or `0x` hex), so that URL parsers and
    /// resolvers read it as an IPv4 address, but which is not the canonical dotted quad.
    static func isAmbiguousIPv4(_ host: String) -> Bool {
        guard IPAddress.ipv4(host) == nil, !host.contains(":"), let last = host.split(separator: ".").last else { return false }
        return last.isAllDigits || last.hasPrefix("0x")
    }

    /// The IPv4 and IPv6 addresses a name resolves to now; none when it does not resolve.
    private static func resolve(_ host: String) -> [IPAddress] {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var list: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(host, nil, &hints, &list) == 0, let list else { return [] }
        defer { freeaddrinfo(list) }
        var addresses: [IPAddress] = []
        for entry in sequence(first: list, next: { $0.pointee.ai_next }) {
            guard let address = entry.pointee.ai_addr else { continue }
            let found: IPAddress? = switch entry.pointee.ai_family {
            case AF_INET: address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { IPAddress(ipv4: $0.pointee.sin_addr) }
            case AF_INET6: address.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { IPAddress(ipv6: $0.pointee.sin6_addr) }
            default: nil
            }
            if let found, !addresses.contains(found) { addresses.append(found) }
        }
        return addresses
    }
}
