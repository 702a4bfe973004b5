/// How the server writes its log (`--log-format`): swift-log's text lines (`TextLogLine`), or
/// one JSON object per line (`JSONLogLine`).
package enum LogFormat: String, Sendable, CaseIterable {
    case text
    case json
}
