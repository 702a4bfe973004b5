import Logging

/// The server's log handler: each record becomes one line in the `--log-format` chosen
/// (`TextLogLine`, `JSONLogLine`), formatted once, when it is logged (not when metadata is set),
/// and handed to `write` whole (default: standard error's `LogSink`).
package struct LogLineHandler: LogHandler {
    package var metadata: Logger.Metadata = [:]
    package var logLevel: Logger.Level = .info
    private let label: String
    private let format: LogFormat
    private let write: @Sendable (String) -> Void

    package init(label: String, format: LogFormat, write: @escaping @Sendable (String) -> Void = LogSink.standardError.write) {
        self.label = label
        self.format = format
        self.write = write
    }

    package subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    package func log(event: LogEvent) {
        var merged = metadata
        if let extra = event.metadata, !extra.isEmpty { merged.merge(extra) { _, new in new } }
        if let error = event.error {
            merged["error.message"] = "\(error)"
            merged["error.type"] = "\(String(reflecting: type(of: error)))"
        }
        switch format {
        case .text: write(TextLogLine.line(of: event, label: label, metadata: merged))
        case .json: write(JSONLogLine.line(of: event, label: label, metadata: merged))
        }
    }
}
