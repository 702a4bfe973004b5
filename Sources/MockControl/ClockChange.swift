import Foundation
import MockPlatformKit

/// One `POST /_mock/clock` request (`openapi/control.yaml` setClock).
enum ClockChange: Equatable {
    case freeze(at: Date)
    case run(from: Date)
    case advance(seconds: Double)
    case real

    /// The largest `advance_seconds`: 10,000 years.
    static let maxAdvance: Double = 10_000 * 365.25 * 86_400

    /// Reads the body; exactly one of `now`, `advance_seconds` or `mode`.
    init(body: [String: JSONValue]) throws(APIError) {
        let fields = FieldReader(body)
        let given = ["now", "advance_seconds", "mode"].filter { fields.value($0) != nil }
        guard given.count == 1 else { throw .badRequest("give exactly one of now, advance_seconds or mode") }
        let running = try fields.bool("running")
        if running != nil, given != ["now"] { throw .badRequest("running needs now") }
        if given == ["now"] {
            guard case .string(let text)? = fields.value("now"), let instant = RFC3339.date(from: text) else {
                throw .badRequest("now must be an RFC 3339 date-time")
            }
            self = running == true ? .run(from: instant) : .freeze(at: instant)
        } else if given == ["advance_seconds"] {
            // Capped at 10,000 years a step; the clock itself refuses to leave years 1 to 9999.
            guard let seconds = try? fields.number("advance_seconds"), seconds >= 0, seconds <= Self.maxAdvance else {
                throw .badRequest("advance_seconds must be a non-negative number")
            }
            self = .advance(seconds: seconds)
        } else {
            guard fields.value("mode") == .string("real") else { throw .badRequest("mode must be real") }
            self = .real
        }
    }

    /// Applies the change; refused with 400 when the clock would leave years 1 to 9999.
    func apply(to clock: TenantClock) throws(APIError) {
        switch self {
        case .freeze(let instant): try clock.freeze(at: instant)
        case .run(let instant): try clock.run(from: instant)
        case .advance(let seconds): try clock.advance(by: seconds)
        case .real: clock.useRealTime()
        }
    }
}
