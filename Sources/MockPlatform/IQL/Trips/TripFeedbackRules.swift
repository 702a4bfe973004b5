import Foundation

/// tripFeedback (`openapi/iql.yaml` postTripFeedback): marks a trip invalid, checked in the
/// contract's order after the driver lookup: unknown trip (404), `trip_type`, `timestamp`, the
/// 7-day window by the tenant clock, then "already qualified" (the driver holds or held any offer).
enum TripFeedbackRules {
    /// How long after its start a trip accepts feedback.
    static let window: TimeInterval = 7 * 86_400

    /// Applies the feedback in `body` to the driver's trip `tripID`. A trip already invalidated
    /// keeps its first feedback timestamp.
    static func apply(_ body: [String: JSONValue], tripID: String, to driver: inout Driver, now: Date) throws(APIError) {
        guard let index = driver.trips.firstIndex(where: { $0.id == tripID }) else { throw .notFound("invalid trip id") }
        let fields = FieldReader(body)
        let tripType = try fields.required("trip_type", fields.string)
        guard tripType.lowercased() == "invalid" else { throw .badRequest("trip_type must be invalid") }
        let timestamp = try fields.required("timestamp", fields.integer)
        guard now.timeIntervalSince(driver.trips[index].start) <= window else {
            throw .badRequest("feedback is only accepted within 7 days of the trip")
        }
        guard driver.offers.isEmpty else { throw .badRequest("driver is already qualified") }
        guard !driver.trips[index].invalidated else { return }
        driver.trips[index].invalidated = true
        driver.trips[index].feedbackTimestamp = timestamp
    }
}
