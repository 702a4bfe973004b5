import Logging

/// The server's log handler: each record becomes one line in the `--log-format` chosen
/// (`TextLogLine`, `JSONLogLine`), formatted once, when it is logged (not when metadata is set),
/// and handed to `write` whole, as UTF-8 (default: standard error's `LogSink`). A text request
/// line is written from its parts (`RequestLogLine`).
package struct LogLineHandler: RequestLineHandler {
    package var logLevel: Logger.Level = .info
    private let label: String
    private let format: LogFormat
    private let write: @Sendable ([UInt8]) -> Void
    /// The metadata other than the request id.
    private var otherMetadata: Logger.Metadata = [:]
    /// The id Hummingbird gives every request's logger (`hb.request.id`), kept beside the
    /// dictionary so that setting it, once per request, copies no dictionary.
    private var requestID: Logger.Metadata.Value?

    package static let requestIDKey = "hb.request.id"

    package init(label: String, format: LogFormat, write: @escaping @Sendable ([UInt8]) -> Void = LogSink.standardError.write) {
        self.label = label
        self.format = format
        self.write = write
    }

    package var metadata: Logger.Metadata {
        get {
            guard let requestID else { return otherMetadata }
            var metadata = otherMetadata
            metadata[Self.requestIDKey] = requestID
            return metadata
        }
        set {
            requestID = newValue[Self.requestIDKey]
            otherMetadata = newValue
            otherMetadata[Self.requestIDKey] = nil
        }
    }

    package subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { key == Self.requestIDKey ? requestID : otherMetadata[key] }
        set {
            if key == Self.requestIDKey { requestID = newValue } else { otherMetadata[key] = newValue }
        }
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
        case .json: write(Array(JSONLogLine.line(of: event, label: label, metadata: merged).utf8))
        }
    }

    package func log(request line: RequestLogLine, level: Logger.Level, source: String) {
        switch format {
        case .text:
            write(TextLogLine.line(of: line, level: level, label: label, requestID: requestID, metadata: otherMetadata, source: source))
        case .json:
            log(event: LogEvent(level: level, message: "\(line.message)", metadata: line.metadata, source: source, file: #fileID, function: #function, line: #line))
        }
    }
}
