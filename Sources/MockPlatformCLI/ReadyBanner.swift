import MockPlatform

/// What `serve` prints once it listens: first the one line scripts wait for (`mock-platform
/// listening on <url> (ready in …)`), then where a person goes next — the API base, the
/// dashboard, the specs and the default API key (only the fixtures' public `mock-api-key`).
struct ReadyBanner {
    static let publicAPIKey = "mock-api-key"

    var baseURL: String
    var elapsed: Duration
    var zipCodes: Int
    var specs: [String]
    /// The default tenant's first API key.
    var apiKey: String?

    var text: String {
        let key = apiKey == Self.publicAPIKey
            ? "IQL needs Authorization: APIKEY \(Self.publicAPIKey)"
            : "IQL needs one of tenant.json's api_keys"
        return """
            mock-platform listening on \(baseURL) (ready in \(elapsed.formatted(.units(allowed: [.milliseconds]))), \(zipCodes) ZIP codes)
              APIs       \(baseURL)  (\(key); other tenants under /t/<name>/)
              dashboard  \(baseURL)/_mock/ui
              specs      \(baseURL)/_mock/openapi/{\(specs.joined(separator: ","))}.yaml

            """
    }
}
