import Foundation
import HTTPTypes
import OpenAPIRuntime

/// Restores `Location` and `Content-Disposition` headers the generated code percent-encoded.
///
/// swift-openapi-runtime writes every typed header with URI encoding, which turns a redirect
/// target like `https://example.com/landing?offer=a&lead=b` into `https%3A%2F%2F…` (clients
/// would then follow a relative garbage URL) and `attachment; filename="x.apns"` into
/// `attachment%3B%20…`. The handlers' values are finished header values, so the encoding is
/// undone here.
struct HeaderEncodingRestorer: ServerMiddleware {
    static let restored: [HTTPField.Name] = [.location, .contentDisposition, .lastModified]

    func intercept(
        _ request: HTTPRequest,
        body: HTTPBody?,
        metadata: ServerRequestMetadata,
        operationID: String,
        next: @Sendable (HTTPRequest, HTTPBody?, ServerRequestMetadata) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        var (response, responseBody) = try await next(request, body, metadata)
        for name in Self.restored {
            if let value = response.headerFields[name], let decoded = value.removingPercentEncoding {
                response.headerFields[name] = decoded
            }
        }
        return (response, responseBody)
    }
}
