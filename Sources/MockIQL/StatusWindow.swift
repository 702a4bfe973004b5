import MockPlatformKit

/// driverStatus's date window (`openapi/iql.yaml` getDriverStatus): `start_date` (default
/// today − 180) to today.
struct StatusWindow: Equatable {
    /// How far back `start_date` may reach.
    static let maxDays = 180

    let range: ClosedRange<CalendarDay>

    init(startDate: String?, today: CalendarDay) throws(APIError) {
        let earliest = today.adding(days: -Self.maxDays)
        guard let text = startDate else {
            range = earliest...today
            return
        }
        guard let start = CalendarDay(text) else { throw .badRequest("start_date must be formatted %Y-%m-%d") }
        guard start <= today else { throw .badRequest("start_date must not be in the future") }
        guard start >= earliest else { throw .badRequest("start_date must be within 180 days of today") }
        range = start...today
    }
}
