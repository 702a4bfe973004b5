import Foundation
import Logging

/// `--log-format json`: every log record as one JSON object on one line, for log collectors:
/// `{"timestamp", "level", "label", "message", "source", "metadata"}` (sorted keys; metadata
/// values as strings, lists and objects). Lines go to `write` (default: standard error's
/// `LogSink`, where the text format goes too), whole, one at a time.
package struct JSONLogHandler: LogHandler {
    package var metadata: Logger.Metadata = [:]
    package var logLevel: Logger.Level = .info
    private let label: String
    private let write: @Sendable (String) -> Void

    package init(label: String, write: @escaping @Sendable (String) -> Void = LogSink.standardError.write) {
        self.label = label
        self.write = write
    }

    package subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    package func log(event: LogEvent) {
        var merged = metadata
        if let extra = event.metadata { merged.merge(extra) { _, new in new } }
        let record: [String: JSONValue] = [
            "timestamp": .string(RFC3339.string(from: Date())),
            "level": .string(event.level.rawValue),
            "label": .string(label),
            "message": .string(event.message.description),
            "source": .string(event.source),
            "metadata": .object(merged.mapValues(Self.json)),
        ]
        write(JSONValue.object(record).text + "\n")
    }

    private static func json(_ value: Logger.Metadata.Value) -> JSONValue {
        switch value {
        case .string(let text): .string(text)
        case .stringConvertible(let value): .string(value.description)
        case .array(let values): .array(values.map(json))
        case .dictionary(let values): .object(values.mapValues(json))
        }
    }
}
