import Foundation
import HTTPTypes
import OpenAPIRuntime

/// Sends `Authorization: APIKEY <key>` on every request.
///
/// iql.yaml declares this as the `APIKey` security scheme, but swift-openapi-generator does not
/// generate security schemes, so the client adds the header here. The click route ignores it.
public struct APIKeyMiddleware: ClientMiddleware {
    public let apiKey: String

    public init(apiKey: String) {
        self.apiKey = apiKey
    }

    public func intercept(
        _ request: HTTPRequest,
        body: HTTPBody?,
        baseURL: URL,
        operationID: String,
        next: @Sendable (HTTPRequest, HTTPBody?, URL) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        var request = request
        request.headerFields[.authorization] = "APIKEY \(apiKey)"
        return try await next(request, body, baseURL)
    }
}
