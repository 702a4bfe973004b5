import Foundation
import Logging
@testable import MockPlatform
import XCTest

/// `EscapingLogHandler`: a value a client chose cannot start a log line of its own.
final class EscapingLogHandlerTests: XCTestCase {
    /// Records what reaches the handler it wraps.
    private struct Recording: LogHandler {
        final class Events: @unchecked Sendable {
            // @unchecked: written only from the logging call on this thread, read after it.
            var all: [LogEvent] = []
        }
        let events: Events
        var metadata: Logger.Metadata = [:]
        var logLevel: Logger.Level = .info
        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }
        func log(event: LogEvent) { events.all.append(event) }
    }

    /// A restore error naming a driver id with `%0A` (a newline) followed by a forged record
    /// reaches the text log as one line, the newline written as `\n`.
    func testControlCharactersInMessagesAndMetadataAreWrittenOut() throws {
        let events = Recording.Events()
        var logger = Logger(label: "mock-platform") { _ in EscapingLogHandler(Recording(events: events)) }
        logger[metadataKey: "tenant"] = "a\u{1B}[31mred"
        let forged = "driver x\n2026-11-28T00:00:00+0000 critical mock-platform: state lost"
        logger.warning("tenant state set aside: \(forged)", metadata: ["reason": .string(forged), "list": [.string("a\rb")]])
        let event = try XCTUnwrap(events.all.first)
        XCTAssertFalse(event.message.description.contains("\n"))
        XCTAssertTrue(event.message.description.contains(#"driver x\n2026"#))
        XCTAssertEqual(event.metadata?["reason"]?.description, #"driver x\n2026-11-28T00:00:00+0000 critical mock-platform: state lost"#)
        XCTAssertEqual(event.metadata?["list"], [.string(#"a\rb"#)])
        XCTAssertEqual(logger[metadataKey: "tenant"], .string(#"a\u{1B}[31mred"#))
        XCTAssertEqual(EscapingLogHandler<Recording>.escaped("plain/path é"), "plain/path é", "text without control characters is unchanged")
    }
}
