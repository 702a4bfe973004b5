import Foundation
@testable import MockPlatform
import XCTest

/// `CalendarDay`: strict `%Y-%m-%d` dates in UTC.
final class CalendarDayTests: XCTestCase {
    private func day(_ text: String, file: StaticString = #filePath, line: UInt = #line) throws -> CalendarDay {
        try XCTUnwrap(CalendarDay(text), text, file: file, line: line)
    }

    func testParsesRealDates() throws {
        XCTAssertEqual(try day("1970-01-01").daysSinceEpoch, 0)
        XCTAssertEqual(try day("1969-12-31").daysSinceEpoch, -1)
        XCTAssertEqual(try day("2000-03-01").daysSinceEpoch, 11_017)
        XCTAssertEqual(try day("2024-06-03").description, "2024-06-03")
        for leap in ["2024-02-29", "2000-02-29", "1600-02-29"] {
            XCTAssertEqual(try day(leap).description, leap)
        }
        XCTAssertEqual(try day("2024-12-31").adding(days: 1).description, "2025-01-01")
    }

    /// Dates and times are written as `%04d-%02d-%02d` and `%02d:%02d:%02d.%03d` write them,
    /// beyond four-digit years and before year 1 included.
    func testWritesWhatPrintfWrites() {
        for value in [0, 1, 9, 10, 99, 100, 999, 1_000, 9_999, 10_000, 123_456, -1, -9, -10, -999, -1_000, -12_345] {
            for width in [2, 3, 4] {
                XCTAssertEqual(value.zeroPadded(to: width), String(format: "%0\(width)d", value), "\(value) to \(width)")
            }
        }
        for days in [-800_000, -719_529, -719_468, -1, 0, 59, 19_877, 2_932_896, 2_932_897, 5_000_000] {
            let day = CalendarDay(daysSinceEpoch: days)
            let printed = String(format: "%04d-%02d-%02d", day.civil.0, day.civil.1, day.civil.2)
            XCTAssertEqual(day.description, printed, "\(days)")
        }
        let instant = Date(timeIntervalSince1970: 1_717_416_000 + 3_600 * 9 + 60 * 5 + 7.042)
        XCTAssertEqual(RFC3339.string(from: instant), "2024-06-03T21:05:07.042Z")
        XCTAssertEqual(RFC3339.string(from: Date(timeIntervalSince1970: -0.5)), "1969-12-31T23:59:59.500Z")
    }

    func testRefusesAnythingElse() {
        for text in ["2023-02-29", "1900-02-29", "2100-02-29", "2024-02-30", "2024-04-31", "2024-13-01", "2024-00-10",
                     "2024-06-00", "2024-06-32", "2024-6-03", "2024-06-3", "24-06-03", "02024-06-03", "2024-06-03T00:00:00Z",
                     "2024/06/03", "", "2024-06", "+024-06-03", "2024-+6-03", " 2024-06-03", "2024-06-03 ", "２０２４-06-03",
                     "2024--06-03", "yesterday"] {
            XCTAssertNil(CalendarDay(text), text)
        }
    }

    func testContainingUsesTheUTCDate() {
        XCTAssertEqual(CalendarDay(containing: Date(timeIntervalSince1970: 0)).description, "1970-01-01")
        XCTAssertEqual(CalendarDay(containing: Date(timeIntervalSince1970: 86_399.999)).description, "1970-01-01")
        XCTAssertEqual(CalendarDay(containing: Date(timeIntervalSince1970: 86_400)).description, "1970-01-02")
        XCTAssertEqual(CalendarDay(containing: Date(timeIntervalSince1970: -0.001)).description, "1969-12-31")
        XCTAssertEqual(CalendarDay(containing: Date(timeIntervalSince1970: -86_400)).description, "1969-12-31")
        XCTAssertEqual(CalendarDay(containing: Date(timeIntervalSince1970: -86_400.5)).description, "1969-12-30")
        // 2024-06-04T01:30:00Z is 2024-06-03 23:30 at −02:00, but the UTC date counts.
        XCTAssertEqual(CalendarDay(containing: Date(timeIntervalSince1970: 1_717_464_600)).description, "2024-06-04")
    }

    func testStartAddingAndOrder() throws {
        let june3 = try day("2024-06-03")
        XCTAssertEqual(june3.start, Date(timeIntervalSince1970: 1_717_372_800))
        XCTAssertEqual(CalendarDay(containing: june3.start), june3)
        XCTAssertEqual(june3.adding(days: -180).description, "2023-12-06")
        XCTAssertEqual(try day("2024-02-28").adding(days: 1).description, "2024-02-29")
        XCTAssertEqual(try day("2023-02-28").adding(days: 1).description, "2023-03-01")
        XCTAssertEqual(june3.adding(days: 0), june3)
        XCTAssertLessThan(try day("2023-12-31"), try day("2024-01-01"))
        XCTAssertEqual([try day("2024-06-03"), try day("1999-01-01"), try day("2024-06-02")].sorted().map(\.description),
                       ["1999-01-01", "2024-06-02", "2024-06-03"])
        XCTAssertEqual(Set([try day("2024-06-03"), june3.adding(days: 1).adding(days: -1)]).count, 1)
    }

    /// Every day from 1800 to 2400 prints as Foundation's Gregorian UTC calendar says, and
    /// parses back to itself.
    func testAgreesWithFoundationCalendarForSixCenturies() throws {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let first = try day("1800-01-01").daysSinceEpoch
        let last = try day("2400-12-31").daysSinceEpoch
        var failures: [String] = []
        var days = first
        while days <= last {
            let value = CalendarDay(daysSinceEpoch: days)
            let parts = calendar.dateComponents([.year, .month, .day], from: value.start)
            let expected = String(format: "%04d-%02d-%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0)
            if value.description != expected || CalendarDay(expected) != value {
                failures.append("\(days): \(value.description) vs \(expected)")
            }
            // Every day is checked around the leap-year rules; elsewhere every 7th day keeps it quick.
            let parsedMonth = parts.month ?? 0
            days += (parsedMonth == 2 || parsedMonth == 3) ? 1 : 7
        }
        XCTAssertEqual(failures.prefix(10), [])
    }
}
