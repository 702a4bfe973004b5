import Foundation
import HTTPTypes

/// Restores `Location`, `Content-Disposition`, `Last-Modified` and `Content-Security-Policy`
/// headers the generated code percent-encoded.
///
/// swift-openapi-runtime writes every typed header with URI encoding, which turns a redirect
/// target like `https://example.com/landing?offer=a&lead=b` into `https%3A%2F%2F…` (clients
/// would then follow a relative garbage URL) and `attachment; filename="x.apns"` into
/// `attachment%3B%20…`. The handlers' values are finished header values, so the encoding is
/// undone here.
package enum HeaderEncodingRestorer {
    package static let restored: [HTTPField.Name] = [.location, .contentDisposition, .lastModified, .contentSecurityPolicy]

    package static func restore(_ fields: inout HTTPFields) {
        for name in restored {
            if let value = fields[name], let decoded = value.removingPercentEncoding {
                fields[name] = decoded
            }
        }
    }
}
