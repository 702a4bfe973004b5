import Foundation
import MockPlatformKit

/// A tripFeedback body (`openapi/iql.yaml` postTripFeedback), which marks a trip invalid. It is
/// checked in the contract's order after the driver lookup: unknown trip (404), `trip_type`,
/// `timestamp`, the 7-day window by the tenant clock, then "already qualified" (the driver holds
/// or held any offer).
struct TripFeedback: Sendable, Equatable {
    /// How long after its start a trip accepts feedback.
    static let window: TimeInterval = 7 * 86_400

    let tripID: String
    /// The feedback's `timestamp`, epoch ms as sent.
    let timestamp: Int64

    /// Reads the body about `driver`'s trip `tripID`: the unknown trip first, then the fields.
    init(body: [String: JSONValue], tripID: String, of driver: Driver) throws(APIError) {
        guard driver.trips.contains(where: { $0.id == tripID }) else { throw Self.unknownTrip }
        let fields = FieldReader(body)
        let tripType = try fields.required("trip_type", fields.string)
        guard tripType.lowercased() == "invalid" else { throw .badRequest("trip_type must be invalid") }
        timestamp = try fields.required("timestamp", fields.integer)
        self.tripID = tripID
    }

    /// Marks the trip invalid: the window and qualification checks, at `now`. A trip already
    /// invalidated keeps its first feedback timestamp.
    func apply(to driver: inout Driver, now: Date) throws(APIError) {
        guard let index = driver.trips.firstIndex(where: { $0.id == tripID }) else { throw Self.unknownTrip }
        guard now.timeIntervalSince(driver.trips[index].start) <= Self.window else {
            throw .badRequest("feedback is only accepted within 7 days of the trip")
        }
        guard driver.offers.isEmpty else { throw .badRequest("driver is already qualified") }
        guard !driver.trips[index].invalidated else { return }
        driver.trips[index].invalidated = true
        driver.trips[index].feedbackTimestamp = timestamp
    }

    private static let unknownTrip = APIError.notFound("invalid trip id")
}
