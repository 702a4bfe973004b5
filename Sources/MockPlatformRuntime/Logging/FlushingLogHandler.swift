import Logging

/// A log handler whose lines go to a `LogSink`: records pass to `inner` (which formats them
/// and hands the line to the sink), and a warning or worse is written at once with every line
/// before it, rather than with the next batch.
package struct FlushingLogHandler<Inner: LogHandler>: LogHandler {
    private var inner: Inner
    private let sink: LogSink

    package init(_ inner: Inner, sink: LogSink) {
        self.inner = inner
        self.sink = sink
    }

    package var metadata: Logger.Metadata {
        get { inner.metadata }
        set { inner.metadata = newValue }
    }

    package var logLevel: Logger.Level {
        get { inner.logLevel }
        set { inner.logLevel = newValue }
    }

    package subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { inner[metadataKey: key] }
        set { inner[metadataKey: key] = newValue }
    }

    package func log(event: LogEvent) {
        inner.log(event: event)
        if event.level >= .warning { sink.flush() }
    }
}

extension FlushingLogHandler: RequestLineHandler where Inner: RequestLineHandler {
    package func log(request line: RequestLogLine, level: Logger.Level, source: String) {
        inner.log(request: line, level: level, source: source)
        if level >= .warning { sink.flush() }
    }
}
