import Foundation
import Glibc

/// The hosts a browser may reach the control plane by (docs/operating.md "Sharing one instance"): loopback
/// names and addresses, this machine's own name and addresses, the `--public-url` host and the
/// `--allowed-host` values. A page on another name that resolves to the mock (DNS rebinding)
/// shares an origin with it, so only the name itself can tell the two apart.
package struct TrustedHosts: Sendable {
    private let names: Set<String>

    /// - Parameters:
    ///   - publicURL: `--public-url`, whose host is trusted.
    ///   - allowed: `--allowed-host` values (names or addresses, without a port).
    ///   - own: this machine's names and addresses; read from the system when nil.
    package init(publicURL: String?, allowed: [String], own: [String]? = nil) {
        var names: Set<String> = ["localhost", "127.0.0.1", "::1"]
        for name in (own ?? Self.machineNamesAndAddresses()) + allowed {
            names.insert(Self.normalized(name))
        }
        if let publicURL, let host = CrossOriginGuard.normalized(publicURL).flatMap(Self.host(ofOrigin:)) {
            names.insert(host)
        }
        self.names = names
    }

    /// Whether `authority` (`host[:port]`, as in `Host`) names a trusted host.
    package func trusts(authority: String) -> Bool {
        trustsHost(Self.host(ofAuthority: authority))
    }

    /// Whether an `Origin` (`scheme://host[:port]`) names a trusted host.
    package func trusts(origin: String) -> Bool {
        guard let host = CrossOriginGuard.normalized(origin).flatMap(Self.host(ofOrigin:)) else { return false }
        return trustsHost(host)
    }

    private func trustsHost(_ host: String) -> Bool {
        if names.contains(host) || host.hasSuffix(".localhost") { return true }
        // 127.0.0.0/8 is loopback whichever address of it a client uses.
        return host.hasPrefix("127.") && host.split(separator: ".").count == 4 && host.split(separator: ".").allSatisfy { UInt8($0) != nil }
    }

    private static func host(ofOrigin origin: String) -> String? {
        guard let separator = origin.range(of: "://") else { return nil }
        return host(ofAuthority: String(origin[separator.upperBound...]))
    }

    /// The host of `host[:port]` or `[v6]:port`, lower case, without a final dot.
    private static func host(ofAuthority authority: String) -> String {
        let authority = authority.lowercased()
        if authority.hasPrefix("["), let end = authority.firstIndex(of: "]") {
            return normalized(String(authority[authority.index(after: authority.startIndex)..<end]))
        }
        return normalized(String(authority.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)[0]))
    }

    /// A name lower case without a final dot; an IPv6 address in its canonical text.
    private static func normalized(_ name: String) -> String {
        var name = name.lowercased()
        if name.hasSuffix(".") { name.removeLast() }
        if name.hasPrefix("["), name.hasSuffix("]") { name = String(name.dropFirst().dropLast()) }
        guard name.contains(":") else { return name }
        var address = in6_addr()
        guard inet_pton(AF_INET6, name, &address) == 1 else { return name }
        var text = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
        guard inet_ntop(AF_INET6, &address, &text, socklen_t(text.count)) != nil else { return name }
        return String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The machine's host name and the addresses of its interfaces.
    private static func machineNamesAndAddresses() -> [String] {
        var result: [String] = []
        var hostName = [CChar](repeating: 0, count: 256)
        if gethostname(&hostName, hostName.count) == 0 {
            result.append(String(decoding: hostName.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
        }
        var list: UnsafeMutablePointer<ifaddrs>?
        guard getifaddrs(&list) == 0, let first = list else { return result }
        defer { freeifaddrs(list) }
        var next: UnsafeMutablePointer<ifaddrs>? = first
        while let entry = next {
            defer { next = entry.pointee.ifa_next }
            guard let address = entry.pointee.ifa_addr else { continue }
            var text = [CChar](repeating: 0, count: Int(NI_MAXHOST))
            let length = address.pointee.sa_family == sa_family_t(AF_INET6) ? MemoryLayout<sockaddr_in6>.size : MemoryLayout<sockaddr_in>.size
            guard [sa_family_t(AF_INET), sa_family_t(AF_INET6)].contains(address.pointee.sa_family),
                  getnameinfo(address, socklen_t(length), &text, socklen_t(text.count), nil, 0, NI_NUMERICHOST) == 0
            else { continue }
            // A link-local IPv6 address is written with its zone (`fe80::1%eth0`).
            let written = String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            result.append(String(written.split(separator: "%")[0]))
        }
        return result
    }
}
