import Foundation
import OpenAPIRuntime

/// RFC 3339 instants as the mock reads and writes them: UTC with milliseconds on output
/// (`2024-06-03T12:00:00.000Z`), any offset and optional fractional seconds on input.
package struct RFC3339: DateTranscoder {
    package init() {}

    package func encode(_ date: Date) throws -> String { Self.string(from: date) }

    package func decode(_ text: String) throws -> Date {
        guard let date = Self.date(from: text) else {
            throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "not an RFC 3339 date-time: \(text)"))
        }
        return date
    }

    /// Whole milliseconds, rounded to the nearest: a `Date` holds most millisecond instants only
    /// approximately, and truncating would turn `.002` into `.001`.
    package static func string(from date: Date) -> String {
        guard let milliseconds = Int(exactly: (date.timeIntervalSince1970 * 1000).rounded()) else {
            return date.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true, timeZone: .gmt))
        }
        let days = milliseconds >= 0 ? milliseconds / 86_400_000 : (milliseconds + 1) / 86_400_000 - 1
        let ofDay = milliseconds - days * 86_400_000
        let time = (ofDay / 3_600_000).zeroPadded(to: 2) + ":" + (ofDay / 60_000 % 60).zeroPadded(to: 2) + ":"
            + (ofDay / 1000 % 60).zeroPadded(to: 2) + "." + (ofDay % 1000).zeroPadded(to: 3)
        return "\(CalendarDay(daysSinceEpoch: days))T\(time)Z"
    }

    /// Parses `YYYY-MM-DDTHH:MM:SS[.fraction](Z|+HH:MM|-HH:MM)` (RFC 3339 §5.6, `T` and `Z` in
    /// either case), refusing dates and times that do not exist (`02-30`, `24:00`) and trailing text.
    package static func date(from text: String) -> Date? {
        let bytes = Array(text.utf8)
        func number(_ range: Range<Int>) -> Int? {
            guard range.upperBound <= bytes.count, range.allSatisfy({ (0x30...0x39).contains(bytes[$0]) }) else { return nil }
            return range.reduce(0) { $0 * 10 + Int(bytes[$1] - 0x30) }
        }
        guard bytes.count >= 20, bytes[10] == UInt8(ascii: "T") || bytes[10] == UInt8(ascii: "t"),
              bytes[13] == UInt8(ascii: ":"), bytes[16] == UInt8(ascii: ":"),
              let day = CalendarDay(String(decoding: bytes[0..<10], as: UTF8.self)),
              let hour = number(11..<13), let minute = number(14..<16), let second = number(17..<19),
              hour <= 23, minute <= 59, second <= 60
        else { return nil }
        var index = 19
        var fraction = 0.0
        if bytes[index] == UInt8(ascii: ".") {
            var end = index + 1
            while end < bytes.count, (0x30...0x39).contains(bytes[end]) { end += 1 }
            guard end > index + 1, let value = Double("0." + String(decoding: bytes[(index + 1)..<end], as: UTF8.self)) else {
                return nil
            }
            fraction = value
            index = end
        }
        guard index < bytes.count else { return nil }
        let offsetSeconds: Int
        switch bytes[index] {
        case UInt8(ascii: "Z"), UInt8(ascii: "z"):
            guard index + 1 == bytes.count else { return nil }
            offsetSeconds = 0
        case UInt8(ascii: "+"), UInt8(ascii: "-"):
            guard bytes.count == index + 6, bytes[index + 3] == UInt8(ascii: ":"),
                  let hours = number((index + 1)..<(index + 3)), let minutes = number((index + 4)..<(index + 6)),
                  hours <= 23, minutes <= 59
            else { return nil }
            offsetSeconds = (hours * 3600 + minutes * 60) * (bytes[index] == UInt8(ascii: "-") ? -1 : 1)
        default:
            return nil
        }
        let seconds = day.daysSinceEpoch * 86_400 + hour * 3600 + minute * 60 + second - offsetSeconds
        return Date(timeIntervalSince1970: Double(seconds) + fraction)
    }
}
