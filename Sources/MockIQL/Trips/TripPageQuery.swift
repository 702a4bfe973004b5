import Foundation
import MockPlatformKit

/// driverTrips' query (`openapi/iql.yaml` listDriverTrips), checked in the contract's order:
/// `limit`, `order_type`, `length_unit`, `cursor`, then the cursor's order against `order_type`.
struct TripPageQuery: Sendable, Equatable {
    /// Trip order by start.
    enum Order: String, Sendable {
        case asc, desc
    }

    /// The unit of `distance` and `highway_distance`.
    enum LengthUnit: String, Sendable {
        case mile, km

        static let kilometresPerMile = 1.609344

        /// Miles in this unit, rounded to 3 decimals.
        func distance(miles: Double) -> Double {
            let value = self == .km ? miles * Self.kilometresPerMile : miles
            return (value * 1000).rounded() / 1000
        }
    }

    static let limits = 1...100
    static let defaultLimit = 50

    var limit: Int
    var order: Order
    var unit: LengthUnit
    /// Where the previous page ended; nil on the first page.
    var cursor: TripCursor?

    init(limit: String?, cursor: String?, orderType: String?, lengthUnit: String?) throws(APIError) {
        if let limit {
            guard limit.utf8.allSatisfy({ (0x30...0x39).contains($0) }), let value = Int(limit), Self.limits.contains(value) else {
                throw .badRequest("limit must be an integer between 1 and 100")
            }
            self.limit = value
        } else {
            self.limit = Self.defaultLimit
        }
        guard let order = Order(rawValue: orderType?.lowercased() ?? Order.desc.rawValue) else {
            throw .badRequest("order_type must be asc or desc")
        }
        guard let unit = LengthUnit(rawValue: lengthUnit?.lowercased() ?? LengthUnit.mile.rawValue) else {
            throw .badRequest("length_unit must be mile or km")
        }
        self.order = order
        self.unit = unit
        if let cursor {
            guard let decoded = TripCursor(cursor) else { throw .badRequest("invalid cursor") }
            guard decoded.order == order else { throw .badRequest("order_type must match the cursor") }
            self.cursor = decoded
        }
    }

    /// This query's page of `trips` and the cursor of the next one (`""` when no trip is left).
    func page(of trips: [Trip]) -> (trips: [Trip], nextCursor: String) {
        let ascending = order == .asc
        let remaining = trips
            .filter { trip in
                guard let after = cursor?.lastTripStart else { return true }
                return ascending ? trip.start.epochMilliseconds > after : trip.start.epochMilliseconds < after
            }
            .sorted { ascending ? $0.start < $1.start : $0.start > $1.start }
        let page = Array(remaining.prefix(limit))
        guard remaining.count > page.count, let last = page.last else { return (page, "") }
        return (page, TripCursor(order: order, lastTripStart: last.start.epochMilliseconds).encoded)
    }
}
