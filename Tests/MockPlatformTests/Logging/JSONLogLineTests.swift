import Foundation
import Logging
@testable import MockPlatform
@testable import MockPlatformRuntime
import XCTest

/// `JSONLogLine`: the `--log-format json` lines.
final class JSONLogLineTests: XCTestCase {
    func testJSONLogLinesCarryTheRecordAndItsMetadata() throws {
        final class Lines: @unchecked Sendable {
            // @unchecked: written only from the logging call on this thread, read after it.
            var all: [String] = []
        }
        let lines = Lines()
        var logger = Logger(label: "mock-platform") { LogLineHandler(label: $0, format: .json) { lines.all.append(String(decoding: $0, as: UTF8.self)) } }
        logger.logLevel = .debug
        logger[metadataKey: "tenant"] = "default"
        logger.debug("request", metadata: ["status": "200", "route": "/iql/v1/locations", "tags": ["a", "b"]])
        logger.trace("not at this level")
        XCTAssertEqual(lines.all.count, 1)
        XCTAssertTrue(lines.all[0].hasSuffix("}\n"))
        let record = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(lines.all[0].utf8)) as? [String: Any])
        XCTAssertEqual(record["level"] as? String, "debug")
        XCTAssertEqual(record["message"] as? String, "request")
        XCTAssertEqual(record["label"] as? String, "mock-platform")
        XCTAssertNotNil(RFC3339.date(from: record["timestamp"] as? String ?? ""))
        let metadata = try XCTUnwrap(record["metadata"] as? [String: Any])
        XCTAssertEqual(metadata["tenant"] as? String, "default")
        XCTAssertEqual(metadata["status"] as? String, "200")
        XCTAssertEqual(metadata["tags"] as? [String], ["a", "b"])
    }
}
