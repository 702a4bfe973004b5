import Logging

/// A text log line (`--log-format text`), in swift-log's stream format — `<time> <level> <label>:
/// <key=value …> [<source>] <message>` — with every control character in a message or metadata
/// value written as `\n`, `\u{1B}`…, so a value a client chose (a driver id with `%0A` in a
/// restore error) cannot start a line of its own and forge a record (README "Sharing one
/// instance"). The time comes from `LogTime`.
package enum TextLogLine {
    /// The line of a record, as UTF-8.
    package static func line(of event: LogEvent, label: String, metadata: Logger.Metadata) -> [UInt8] {
        var line: [UInt8] = []
        appendHead(level: event.level, label: label, to: &line)
        for (key, value) in metadata.sorted(by: { $0.key < $1.key }) {
            appendField(key, value.description, to: &line)
        }
        appendSource(event.source, to: &line)
        appendEscaped(event.message.description, to: &line)
        line.append(UInt8(ascii: "\n"))
        return line
    }

    /// The line of a request, written from its parts as UTF-8, without a message or metadata
    /// dictionary: the same line `line(of:)` gives for the record `request.message` with the
    /// logger's metadata (`requestID` and the rest) and `request.metadata`.
    package static func line(
        of request: RequestLogLine, level: Logger.Level, label: String, requestID: Logger.Metadata.Value?,
        metadata: Logger.Metadata, source: String
    ) -> [UInt8] {
        var line: [UInt8] = []
        line.reserveCapacity(160 + request.path.utf8.count + request.route.utf8.count)
        appendHead(level: level, label: label, to: &line)
        // The request's fields are in key order; any other metadata is merged in between.
        var others = metadata.isEmpty ? [] : metadata.filter { $0.key != "module" && $0.key != "route" }.sorted { $0.key < $1.key }[...]
        func field(_ key: String, _ value: String) {
            while let next = others.first, next.key < key {
                appendField(next.key, next.value.description, to: &line)
                others.removeFirst()
            }
            appendField(key, value, to: &line)
        }
        if let requestID { field(LogLineHandler.requestIDKey, requestID.description) }
        field("module", request.module)
        field("route", request.route)
        for other in others { appendField(other.key, other.value.description, to: &line) }
        appendSource(source, to: &line)
        request.forEachPartOfMessage { appendEscaped($0, to: &line) }
        line.append(UInt8(ascii: "\n"))
        return line
    }

    /// `<time> <level> <label>:`
    private static func appendHead(level: Logger.Level, label: String, to line: inout [UInt8]) {
        line.append(contentsOf: LogTime.shared.now().utf8)
        line.append(UInt8(ascii: " "))
        line.append(contentsOf: level.rawValue.utf8)
        if !label.isEmpty {
            line.append(UInt8(ascii: " "))
            line.append(contentsOf: label.utf8)
        }
        line.append(UInt8(ascii: ":"))
    }

    /// ` [<source>] `
    private static func appendSource(_ source: String, to line: inout [UInt8]) {
        line.append(contentsOf: " [".utf8)
        line.append(contentsOf: source.utf8)
        line.append(contentsOf: "] ".utf8)
    }

    private static func appendField(_ key: String, _ value: String, to line: inout [UInt8]) {
        line.append(UInt8(ascii: " "))
        line.append(contentsOf: key.utf8)
        line.append(UInt8(ascii: "="))
        appendEscaped(value, to: &line)
    }

    /// Appends `text` with its control characters written out.
    private static func appendEscaped(_ text: some StringProtocol, to line: inout [UInt8]) {
        let plain = text.utf8.withContiguousStorageIfAvailable { bytes in
            guard !bytes.contains(where: isControl) else { return false }
            line.append(contentsOf: bytes)
            return true
        }
        if plain != true { line.append(contentsOf: escaped(String(text)).utf8) }
    }

    private static func isControl(_ byte: UInt8) -> Bool { byte < 0x20 || byte == 0x7F }

    /// `text` with its control characters written out; unchanged (no copy) when it has none.
    package static func escaped(_ text: String) -> String {
        guard text.utf8.contains(where: isControl) else { return text }
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
