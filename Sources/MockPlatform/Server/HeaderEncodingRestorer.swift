import Foundation
import HTTPTypes
import OpenAPIRuntime

/// Restores `Location` headers the generated code percent-encoded.
///
/// swift-openapi-runtime writes every typed header with URI encoding, which turns a redirect
/// target like `https://example.com/landing?offer=a&lead=b` into `https%3A%2F%2F…`; clients
/// would then follow a relative garbage URL. The handler's value is a finished URL, so the
/// encoding is undone here.
struct LocationHeaderRestorer: ServerMiddleware {
    func intercept(
        _ request: HTTPRequest,
        body: HTTPBody?,
        metadata: ServerRequestMetadata,
        operationID: String,
        next: @Sendable (HTTPRequest, HTTPBody?, ServerRequestMetadata) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        var (response, responseBody) = try await next(request, body, metadata)
        if let location = response.headerFields[.location], let decoded = location.removingPercentEncoding {
            response.headerFields[.location] = decoded
        }
        return (response, responseBody)
    }
}
