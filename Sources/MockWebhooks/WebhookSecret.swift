import Foundation
import MockPlatformKit

/// A Standard Webhooks signing secret: `whsec_` + base64 of the key bytes.
package struct WebhookSecret: Sendable, Equatable, Codable, CustomStringConvertible {
    package let description: String
    /// The HMAC key: the base64-decoded text after `whsec_`.
    package let key: Data

    /// Accepts `whsec_` + padded base64 of 24 to 63 bytes (`openapi/control.yaml`
    /// WebhookEndpointCreate.secret).
    package init?(_ text: String) {
        guard text.hasPrefix("whsec_"), let key = Data(base64Encoded: String(text.dropFirst(6))), (24...63).contains(key.count) else {
            return nil
        }
        description = text
        self.key = key
    }

    /// A new secret of 32 bytes from the tenant's id generator.
    package init(generatingWith ids: inout IDGenerator) {
        var bytes: [UInt8] = []
        for _ in 0..<4 { bytes += withUnsafeBytes(of: ids.next().bigEndian, Array.init) }
        key = Data(bytes)
        description = "whsec_" + key.base64EncodedString()
    }

    package init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let secret = WebhookSecret(text) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "not a whsec_ secret"))
        }
        self = secret
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
