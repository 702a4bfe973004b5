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
        var logger = Logger(label: "mock-platform") { LogLineHandler(label: $0, format: .text) { lines.all.append(String(decoding: $0, as: UTF8.self)) } }
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
        var logger = Logger(label: "mock-platform") { LogLineHandler(label: $0, format: .text) { lines.all.append(String(decoding: $0, as: UTF8.self)) } }
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

    /// The request line written from its parts is the line the same record logged as an
    /// ordinary message gives, and a handler that does not know the parts gets that record.
    func testTheRequestLineFromItsPartsIsTheOrdinaryLine() throws {
        let lines = Lines()
        var logger = Logger(label: "mock-platform") { LogLineHandler(label: $0, format: .text) { lines.all.append(String(decoding: $0, as: UTF8.self)) } }
        logger[metadataKey: "hb.request.id"] = "7"
        let request = RequestLogLine(
            method: "GET", path: "/iql/v1/driver/a\nb/status", status: 200, elapsed: .microseconds(1_250),
            tenant: nil, route: "/iql/v1/driver/{driver_id}/status", module: "iql"
        )
        logger.log(request: request, level: .info, source: "MockPlatform")
        logger.info("\(request.message)", metadata: request.metadata, source: "MockPlatform")
        logger[metadataKey: "a"] = "1"
        logger[metadataKey: "n"] = "2\n"
        logger[metadataKey: "s"] = "3"
        logger.log(request: request, level: .info, source: "MockPlatform")
        logger.info("\(request.message)", metadata: request.metadata, source: "MockPlatform")
        logger[metadataKey: "hb.request.id"] = nil
        logger.log(request: request, level: .info, source: "MockPlatform")
        logger.info("\(request.message)", metadata: request.metadata, source: "MockPlatform")
        XCTAssertEqual(lines.all.count, 6)
        for pair in stride(from: 0, to: 6, by: 2) {
            XCTAssertEqual(lines.all[pair].drop { $0 != " " }, lines.all[pair + 1].drop { $0 != " " })
        }
        XCTAssertTrue(lines.all[2].contains(" a=1 hb.request.id=7 module=iql n=2\\n route=/iql/v1/driver/{driver_id}/status s=3 ["), lines.all[2])
        XCTAssertFalse(lines.all[4].contains("hb.request.id"), lines.all[4])
        XCTAssertTrue(lines.all[0].hasSuffix(
            #" info mock-platform: hb.request.id=7 module=iql route=/iql/v1/driver/{driver_id}/status [MockPlatform] GET /iql/v1/driver/a\nb/status 200 1.3 ms -"# + "\n"
        ), lines.all[0])

        logger.logLevel = .notice
        logger.log(request: request, level: .info, source: "MockPlatform")
        XCTAssertEqual(lines.all.count, 6, "below the logger's level, no line")

        let records = Records()
        let other = Logger(label: "other") { _ in RecordingHandler(records: records) }
        other.log(request: request, level: .info, source: "MockPlatform")
        XCTAssertEqual(records.all.map(\.message.description), ["GET /iql/v1/driver/a\nb/status 200 1.3 ms -"])
        XCTAssertEqual(records.all.first?.metadata?["route"], "/iql/v1/driver/{driver_id}/status")
    }

    /// Milliseconds with one decimal, rounded half up.
    func testMillisecondsHaveOneDecimal() {
        XCTAssertEqual(RequestLogLine.milliseconds(.microseconds(40)), "0.0")
        XCTAssertEqual(RequestLogLine.milliseconds(.microseconds(50)), "0.1")
        XCTAssertEqual(RequestLogLine.milliseconds(.microseconds(449)), "0.4")
        XCTAssertEqual(RequestLogLine.milliseconds(.milliseconds(12)), "12.0")
        XCTAssertEqual(RequestLogLine.milliseconds(.seconds(3) + .microseconds(1_960)), "3002.0")
        XCTAssertEqual(RequestLogLine.milliseconds(.microseconds(109_950)), "110.0")
        XCTAssertEqual(RequestLogLine.milliseconds(.seconds(86_400)), "86400000.0")
    }

    /// The records an ordinary handler was given.
    private final class Records: @unchecked Sendable {
        // @unchecked: written only from the logging call on this thread, read after it.
        var all: [LogEvent] = []
    }

    private struct RecordingHandler: LogHandler {
        let records: Records
        var metadata: Logger.Metadata = [:]
        var logLevel: Logger.Level = .info
        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }
        func log(event: LogEvent) { records.all.append(event) }
    }
}
