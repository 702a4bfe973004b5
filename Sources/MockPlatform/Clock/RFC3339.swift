import Foundation
import OpenAPIRuntime

/// RFC 3339 instants as the mock reads and writes them: UTC with milliseconds on output
/// (`2024-06-03T12:00:00.000Z`), any offset and optional fractional seconds on input.
public struct RFC3339: DateTranscoder {
    public init() {}

    public func encode(_ date: Date) throws -> String { Self.string(from: date) }

    public func decode(_ text: String) throws -> Date {
        guard let date = Self.date(from: text) else {
            throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "not an RFC 3339 date-time: \(text)"))
        }
        return date
    }

    public static func string(from date: Date) -> String {
        date.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true, timeZone: .gmt))
    }

    public static func date(from text: String) -> Date? {
        let withFraction = Date.ISO8601FormatStyle(includingFractionalSeconds: true)
        let withoutFraction = Date.ISO8601FormatStyle()
        return (try? withFraction.parse(text)) ?? (try? withoutFraction.parse(text))
    }
}
