import Foundation
import Logging

/// A JSON log line (`--log-format json`), for log collectors: the record as one object —
/// `{"timestamp", "level", "label", "message", "source", "metadata"}` (sorted keys; metadata
/// values as strings, lists and objects).
package enum JSONLogLine {
    package static func line(of event: LogEvent, label: String, metadata: Logger.Metadata) -> String {
        let record: [String: JSONValue] = [
            "timestamp": .string(RFC3339.string(from: Date())),
            "level": .string(event.level.rawValue),
            "label": .string(label),
            "message": .string(event.message.description),
            "source": .string(event.source),
            "metadata": .object(metadata.mapValues(json)),
        ]
        return JSONValue.object(record).text + "\n"
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
