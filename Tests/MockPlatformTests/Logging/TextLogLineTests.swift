import Foundation
import Logging
@testable import MockPlatform
@testable import MockPlatformRuntime
import XCTest

/// `TextLogLine`: swift-log's stream format, one line per record, and a value a client
/// chose cannot start a log line of its own.
final class TextLogLineTests: XCTestCase {
    /// The lines a handler wrote.
    private final class Lines: @unchecked Sendable {
        // @unchecked: written only from the logging call on this thread, read after it.
        var all: [String] = []
    }

    /// A restore error naming a driver id with `%0A` (a newline) followed by a forged record
    /// reaches the text log as one line, the newline written as `\n`.
    func testControlCharactersInMessagesAndMetadataAreWrittenOut() throws {
        let lines = Lines()
        var logger = Logger(label: "mock-platform") { LogLineHandler(label: $0, format: .text) { lines.all.append($0) } }
        logger[metadataKey: "tenant"] = "a\u{1B}[31mred"
        let forged = "driver x\n2026-11-28T00:00:00+0000 critical mock-platform: state lost"
        logger.warning("tenant state set aside: \(forged)", metadata: ["reason": .string(forged)])
        XCTAssertEqual(lines.all.count, 1)
        let line = try XCTUnwrap(lines.all.first)
        XCTAssertEqual(line.filter { $0 == "\n" }.count, 1, "one line: \(line)")
        XCTAssertTrue(line.contains(#"reason=driver x\n2026-11-28T00:00:00+0000 critical mock-platform: state lost"#), line)
        XCTAssertTrue(line.contains(#"tenant=a\u{1B}[31mred"#), line)
        XCTAssertTrue(line.hasSuffix(#"[MockPlatformTests] tenant state set aside: driver x\n2026-11-28T00:00:00+0000 critical mock-platform: state lost"# + "\n"), line)
        XCTAssertEqual(TextLogLine.escaped("plain/path é"), "plain/path é", "text without control characters is unchanged")
    }

    /// The line is the stream handler's: time, level, label, sorted metadata, source, message.
    func testTheLineIsSwiftLogsStreamFormat() throws {
        let lines = Lines()
        var logger = Logger(label: "mock-platform") { LogLineHandler(label: $0, format: .text) { lines.all.append($0) } }
        logger[metadataKey: "hb.request.id"] = "7"
        logger.info("GET /iql/v1/locations 200 0.4 ms default", metadata: ["route": "/iql/v1/locations", "module": "iql"])
        let line = try XCTUnwrap(lines.all.first)
        let time = String(line.prefix { $0 != " " })
        XCTAssertNotNil(time.range(of: #"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[+-]\d{4}$"#, options: .regularExpression), time)
        XCTAssertEqual(
            line.dropFirst(time.count),
            " info mock-platform: hb.request.id=7 module=iql route=/iql/v1/locations [MockPlatformTests] GET /iql/v1/locations 200 0.4 ms default\n"
        )
    }
}
