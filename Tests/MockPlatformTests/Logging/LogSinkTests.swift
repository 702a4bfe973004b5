import Foundation
import Logging
@testable import MockPlatform
@testable import MockPlatformRuntime
import XCTest

/// `LogSink`: lines reach the descriptor whole and in order, in batches off the caller's
/// thread; a warning is written at once with what waited before it; a reader that does not
/// keep up costs dropped lines, said in a line of their own, never unbounded memory.
final class LogSinkTests: XCTestCase {
    /// A pipe whose write end the sink writes to; `read()` takes what has arrived.
    private final class Pipe {
        let readEnd: Int32, writeEnd: Int32

        init() throws {
            var ends: [Int32] = [0, 0]
            guard pipe(&ends) == 0 else { throw XCTSkip("no pipe") }
            (readEnd, writeEnd) = (ends[0], ends[1])
            _ = fcntl(readEnd, F_SETFL, fcntl(readEnd, F_GETFL) | O_NONBLOCK)
        }

        deinit {
            close(readEnd)
            close(writeEnd)
        }

        func read() -> String {
            var bytes: [UInt8] = []
            var buffer = [UInt8](repeating: 0, count: 65_536)
            while true {
                let count = Foundation.read(readEnd, &buffer, buffer.count)
                guard count > 0 else { break }
                bytes += buffer[..<count]
            }
            return String(decoding: bytes, as: UTF8.self)
        }
    }

    func testLinesArriveWholeAndInOrderWithinTheBatchInterval() async throws {
        let pipe = try Pipe()
        let sink = LogSink(descriptor: pipe.writeEnd)
        for index in 0..<500 { sink.write("line \(index)\n") }
        XCTAssertEqual(pipe.read(), "", "nothing is written on the caller's thread")
        var arrived = ""
        for _ in 0..<100 where arrived.split(separator: "\n").count < 500 {
            try await Task.sleep(for: .milliseconds(10))
            arrived += pipe.read()
        }
        XCTAssertEqual(arrived, (0..<500).map { "line \($0)\n" }.joined(), "the writer sent every line, in order")
    }

    func testAWarningIsWrittenAtOnceWithWhatWaitedBeforeIt() throws {
        let pipe = try Pipe()
        let sink = LogSink(descriptor: pipe.writeEnd)
        var logger = Logger(label: "mock-platform") { label in
            FlushingLogHandler(LogLineHandler(label: label, format: .text, write: sink.write), sink: sink)
        }
        logger.logLevel = .info
        logger.info("GET /iql/v1/locations 200 0.1 ms -")
        logger.warning("tenant state not restored")
        let lines = pipe.read().split(separator: "\n")
        XCTAssertEqual(lines.count, 2, "\(lines)")
        XCTAssertTrue(lines.first?.hasSuffix("info mock-platform: [MockPlatformTests] GET /iql/v1/locations 200 0.1 ms -") ?? false, "\(lines)")
        XCTAssertTrue(lines.last?.contains("warning mock-platform: [MockPlatformTests] tenant state not restored") ?? false, "\(lines)")
    }

    /// Nobody reads the pipe while 10 lines more than the sink can hold are written: what does
    /// not fit is dropped, and the note says how many, so every line is either written or
    /// counted. The sink holds the bound's worth waiting, and its writer may meanwhile have
    /// taken up to as much as a batch it cannot finish writing into the full pipe (64 KiB).
    func testLinesPastTheBoundAreDroppedAndCounted() throws {
        let pipe = try Pipe()
        let sink = LogSink(descriptor: pipe.writeEnd)
        let line = String(repeating: "x", count: 1_023) + "\n"
        let written = 2 * LogSink.maxPendingBytes / line.utf8.count + 64 + 10
        for _ in 0..<written { sink.write(line) }
        DispatchQueue.global().async { sink.flush() }
        var lines = 0, dropped: Int?
        let deadline = Date().addingTimeInterval(20)
        while Date() < deadline, dropped == nil || lines + (dropped ?? 0) < written {
            for text in pipe.read().split(separator: "\n") {
                if text.hasPrefix("mock-platform: ") {
                    dropped = Int(text.dropFirst("mock-platform: ".count).prefix { $0.isNumber })
                } else {
                    lines += 1
                }
            }
            usleep(1_000)
        }
        let counted = try XCTUnwrap(dropped, "a note says how many lines were dropped")
        XCTAssertGreaterThanOrEqual(counted, 10)
        XCTAssertEqual(lines + counted, written, "every line written or counted as dropped")
    }
}
