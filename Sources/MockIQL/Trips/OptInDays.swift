import Foundation
import MockPlatformKit

/// opt_in_days (`openapi/iql.yaml` postOptInDays): moves a driver's opt-in instant `days` back from
/// now.
struct OptInDays: Sendable, Equatable {
    static let range: ClosedRange<Int64> = 0...365

    let days: Int

    /// `days must be an integer between 0 and 365` when missing, not an integer or out of range.
    init(body: [String: JSONValue]) throws(APIError) {
        let fields = FieldReader(body)
        guard let days = try? fields.integer("days"), Self.range.contains(days) else {
            throw .badRequest("days must be an integer between 0 and 365")
        }
        self.days = Int(days)
    }

    /// The opt-in instant it sets; 400 when that falls before year 1 (a clock set near it), an
    /// instant no state document could hold.
    func optInInstant(now: Date) throws(APIError) -> Date {
        let instant = now.addingTimeInterval(-Double(days) * 86_400)
        guard TenantClock.range.contains(instant) else { throw .badRequest("days would move the opt-in before year 1") }
        return instant
    }
}
