import OpenAPIRuntime

extension Configuration {
    /// JSON and date settings shared by every generated API: compact, sorted keys, RFC 3339 with
    /// milliseconds.
    package static let mockPlatform = Configuration(
        dateTranscoder: RFC3339(),
        jsonEncodingOptions: [.sortedKeys, .withoutEscapingSlashes]
    )
}
