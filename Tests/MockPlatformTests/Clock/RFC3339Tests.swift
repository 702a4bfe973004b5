import Foundation
@testable import MockPlatform
import XCTest

/// `RFC3339`: UTC with milliseconds out, any offset and optional fraction in.
final class RFC3339Tests: XCTestCase {
    private let june3 = Date(timeIntervalSince1970: 1_717_416_000) // 2024-06-03T12:00:00Z

    func testWritesUTCWithMilliseconds() throws {
        XCTAssertEqual(RFC3339.string(from: Date(timeIntervalSince1970: 0)), "1970-01-01T00:00:00.000Z")
        XCTAssertEqual(RFC3339.string(from: june3), "2024-06-03T12:00:00.000Z")
        XCTAssertEqual(RFC3339.string(from: june3.addingTimeInterval(0.25)), "2024-06-03T12:00:00.250Z")
        XCTAssertEqual(RFC3339.string(from: june3.addingTimeInterval(-0.001)), "2024-06-03T11:59:59.999Z")
        XCTAssertEqual(try RFC3339().encode(june3), "2024-06-03T12:00:00.000Z")
    }

    func testReadsOffsetsAndFractions() throws {
        let cases: [(String, Date)] = [
            ("2024-06-03T12:00:00Z", june3),
            ("2024-06-03T12:00:00.000Z", june3),
            ("2024-06-03T14:00:00+02:00", june3),
            ("2024-06-03T06:30:00-05:30", june3),
            ("2024-06-03T12:00:00+00:00", june3),
            ("2024-06-03T12:00:00.5Z", june3.addingTimeInterval(0.5)),
            ("2024-06-03T12:00:00.123Z", june3.addingTimeInterval(0.123)),
            ("2024-06-04T01:30:00.250+02:00", june3.addingTimeInterval(11.5 * 3_600 + 0.25)),
        ]
        for (text, expected) in cases {
            let parsed = try XCTUnwrap(RFC3339.date(from: text), text)
            XCTAssertEqual(parsed.timeIntervalSince1970, expected.timeIntervalSince1970, accuracy: 0.0005, text)
            XCTAssertEqual(try RFC3339().decode(text).timeIntervalSince1970, expected.timeIntervalSince1970, accuracy: 0.0005, text)
        }
    }

    func testRoundTrips() throws {
        for seconds in [0.0, 1_717_416_000.125, 946_684_799.999, 4_102_444_800] {
            let date = Date(timeIntervalSince1970: seconds)
            let parsed = try XCTUnwrap(RFC3339.date(from: RFC3339.string(from: date)))
            XCTAssertEqual(parsed.timeIntervalSince1970, seconds, accuracy: 0.0005)
        }
    }

    func testEveryMillisecondRoundTripsExactly() throws {
        var failures: [String] = []
        for day in ["1969-12-31", "1970-01-01", "2024-06-03", "2099-12-31"] {
            for milliseconds in 0..<1000 {
                let text = "\(day)T23:59:59.\(String(format: "%03d", milliseconds))Z"
                let back = RFC3339.date(from: text).map(RFC3339.string(from:))
                if back != text { failures.append("\(text) → \(back ?? "nil")") }
            }
        }
        XCTAssertEqual(failures.prefix(10), [])
        XCTAssertEqual(RFC3339.string(from: Date(timeIntervalSince1970: -0.001)), "1969-12-31T23:59:59.999Z")
        XCTAssertEqual(RFC3339.string(from: Date(timeIntervalSince1970: -86_400 * 365)), "1969-01-01T00:00:00.000Z")
        XCTAssertEqual(try XCTUnwrap(RFC3339.date(from: "9999-12-31T23:59:59.999Z")).timeIntervalSince1970, 253_402_300_799.999, accuracy: 0.0005)
        XCTAssertEqual(RFC3339.string(from: Date(timeIntervalSince1970: 253_402_300_799.999)), "9999-12-31T23:59:59.999Z")
    }

    func testAcceptsLowerCaseSeparators() throws {
        XCTAssertEqual(RFC3339.date(from: "2024-06-03t12:00:00z"), june3)
    }

    func testRefusesWhatIsNoRFC3339DateTime() {
        for text in ["", "yesterday", "2024-06-03", "2024-06-03T12:00:00", "2024-06-03T12:00Z", "12:00:00Z",
                     "2024-13-03T12:00:00Z", "2024-06-03T25:00:00Z", "1717416000", "2024-06-03T12:00:00ZZ",
                     "2024-02-30T12:00:00Z", "2023-02-29T12:00:00Z", "2024-06-03T24:00:00Z", "2024-06-03T12:60:00Z",
                     "2024-06-03T12:00:61Z", "2024-06-03T12:00:00.Z", "2024-06-03T12:00:00+2:00", "2024-06-03T12:00:00+24:00",
                     "2024-06-03T12:00:00+02:60", "2024-06-03T12:00:00+0200", "2024-06-03T12:00:00+02:00Z", "2024-06-03 12:00:00Z",
                     " 2024-06-03T12:00:00Z", "2024-06-03T12:00:00Z ", "2024-6-03T12:00:00Z", "2024-06-03T1:00:00Z",
                     "2024-06-03T12:00:00.12a4Z", "２０２４-06-03T12:00:00Z"] {
            XCTAssertNil(RFC3339.date(from: text), text)
            XCTAssertThrowsError(try RFC3339().decode(text), text) { error in
                XCTAssertTrue(error is DecodingError, "\(error)")
            }
        }
    }
}
