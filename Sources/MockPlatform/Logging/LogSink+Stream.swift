extension LogSink {
    /// The sink as a text stream, for swift-log's `StreamLogHandler` (the text format): each
    /// line it writes goes to the next batch.
    package struct Stream: TextOutputStream, Sendable {
        let sink: LogSink

        package mutating func write(_ string: String) { sink.write(string) }
    }

    package var stream: Stream { Stream(sink: self) }
}
