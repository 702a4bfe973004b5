import Crypto
import Foundation
import MockPlatformKit

/// The Standard Webhooks signature of one attempt: `v1,<base64 HMAC-SHA256 of
/// "{id}.{timestamp}.{body}">`, one space-separated entry per secret.
enum WebhookSignature {
    static func header(id: String, timestamp: Int64, body: Data, secrets: [WebhookSecret]) -> String {
        var signed = Data("\(id).\(timestamp).".utf8)
        signed.append(body)
        return secrets.map { secret in
            let mac = HMAC<SHA256>.authenticationCode(for: signed, using: SymmetricKey(data: secret.key))
            return "v1," + Data(mac).base64EncodedString()
        }.joined(separator: " ")
    }
}
