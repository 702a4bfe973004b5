import Logging

/// The text log (`--log-format text`): swift-log's stream lines, with every control character in
/// a message or metadata value written as `\n`, `\u{1B}`… — a value a client chose (a driver id
/// with `%0A` in a restore error) cannot start a line of its own and forge a record (README "Sharing
/// one instance").
package struct EscapingLogHandler<Inner: LogHandler>: LogHandler {
    private var inner: Inner

    package init(_ inner: Inner) {
        self.inner = inner
    }

    package var metadata: Logger.Metadata {
        get { inner.metadata }
        set { inner.metadata = newValue.mapValues(Self.escaped) }
    }

    package var logLevel: Logger.Level {
        get { inner.logLevel }
        set { inner.logLevel = newValue }
    }

    package subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { inner[metadataKey: key] }
        set { inner[metadataKey: key] = newValue.map(Self.escaped) }
    }

    package func log(event: LogEvent) {
        var event = event
        event.message = Logger.Message(stringLiteral: Self.escaped(event.message.description))
        event.metadata = event.metadata?.mapValues(Self.escaped)
        inner.log(event: event)
    }

    private static func escaped(_ value: Logger.Metadata.Value) -> Logger.Metadata.Value {
        switch value {
        case .string(let text): .string(escaped(text))
        case .stringConvertible(let value): .string(escaped(value.description))
        case .array(let values): .array(values.map(escaped))
        case .dictionary(let values): .dictionary(values.mapValues(escaped))
        }
    }

    /// `text` with its control characters written out; unchanged (no copy) when it has none.
    static func escaped(_ text: String) -> String {
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
