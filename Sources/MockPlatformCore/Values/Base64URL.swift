import Foundation

/// URL-safe base64 (RFC 4648 §5), as click tokens and `pl` payloads use it.
package enum Base64URL {
    /// Unpadded encoding.
    package static func encode(_ data: some DataProtocol) -> String {
        Data(data).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    /// Decodes with or without padding; nil for any character outside the URL-safe alphabet.
    package static func decode(_ text: String) -> Data? {
        var body = text
        while body.hasSuffix("=") { body.removeLast() }
        guard body.utf8.allSatisfy({ byte in
            (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) || (0x30...0x39).contains(byte) || byte == 0x2D || byte == 0x5F
        }) else { return nil }
        var standard = body.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        standard += String(repeating: "=", count: (4 - standard.count % 4) % 4)
        return Data(base64Encoded: standard)
    }
}
