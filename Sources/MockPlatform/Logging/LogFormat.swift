/// How the server writes its log (`--log-format`): swift-log's text lines, or one JSON object
/// per line (`JSONLogHandler`).
package enum LogFormat: String, Sendable, CaseIterable {
    case text
    case json
}
