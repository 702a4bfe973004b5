import Logging

/// A text log line (`--log-format text`), in swift-log's stream format — `<time> <level> <label>:
/// <key=value …> [<source>] <message>` — with every control character in a message or metadata
/// value written as `\n`, `\u{1B}`…, so a value a client chose (a driver id with `%0A` in a
/// restore error) cannot start a line of its own and forge a record (README "Sharing one
/// instance"). The time comes from `LogTime`.
package enum TextLogLine {
    package static func line(of event: LogEvent, label: String, metadata: Logger.Metadata) -> String {
        var line = LogTime.shared.now()
        line += " \(event.level)"
        if !label.isEmpty { line += " \(label)" }
        line += ":"
        for (key, value) in metadata.sorted(by: { $0.key < $1.key }) {
            line += " \(key)=\(escaped(value.description))"
        }
        line += " [\(event.source)] \(escaped(event.message.description))\n"
        return line
    }

    /// `text` with its control characters written out; unchanged (no copy) when it has none.
    package static func escaped(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 < 0x20 || $0 == 0x7F }) else { return text }
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F: result += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
