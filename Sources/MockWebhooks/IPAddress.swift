import Glibc
import MockPlatformKit

/// An IPv4 or IPv6 address as its bytes (4 or 16), for `WebhookAllowlist`'s networks.
package struct IPAddress: Sendable, Hashable, CustomStringConvertible {
    package let bytes: [UInt8]

    /// The number of bits: 32 or 128.
    var bits: Int { bytes.count * 8 }

    /// Reads the canonical dotted quad or an IPv6 address (`inet_pton`); nil for anything else.
    package init?(_ text: String) {
        if let value = Self.ipv4(text) {
            self.init(bytes: withUnsafeBytes(of: value.bigEndian) { Array($0) })
        } else if text.contains(":") {
            var address = in6_addr()
            guard inet_pton(AF_INET6, text, &address) == 1 else { return nil }
            self.init(ipv6: address)
        } else {
            return nil
        }
    }

    init(ipv4 address: in_addr) { self.init(bytes: withUnsafeBytes(of: address.s_addr) { Array($0) }) }

    init(ipv6 address: in6_addr) { self.init(bytes: withUnsafeBytes(of: address) { Array($0) }) }

    private init(bytes: [UInt8]) { self.bytes = bytes }

    /// Whether the first `prefix` bits of both are the same (an IPv4 address never shares a
    /// network with an IPv6 one).
    func shares(prefix: Int, with other: IPAddress) -> Bool {
        guard bytes.count == other.bytes.count else { return false }
        for bit in stride(from: 0, to: prefix, by: 8) {
            let mask: UInt8 = prefix - bit >= 8 ? 0xFF : ~(0xFF >> UInt8(prefix - bit))
            if bytes[bit / 8] & mask != other.bytes[bit / 8] & mask { return false }
        }
        return true
    }

    /// The address as `inet_ntop` writes it (`10.0.0.5`, `fd00::2`).
    package var description: String {
        var text = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
        let written = bytes.withUnsafeBytes { raw in
            inet_ntop(bytes.count == 4 ? AF_INET : AF_INET6, raw.baseAddress, &text, socklen_t(text.count))
        }
        guard written != nil else { return "" }
        return String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The canonical dotted quad: four decimal octets, no leading zeros.
    static func ipv4(_ text: String) -> UInt32? {
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
}
