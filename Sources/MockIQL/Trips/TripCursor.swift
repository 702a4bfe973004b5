import Foundation
import MockPlatformKit

/// driverTrips' paging cursor (`openapi/iql.yaml` listDriverTrips): unpadded base64url of
/// `{"order_type": "desc", "trip_id": "1717228800000"}`, the order it was issued for and the
/// last trip of its page. Opaque to clients; the next page starts after that trip.
struct TripCursor: Sendable, Equatable {
    var order: TripPageQuery.Order
    /// The last listed trip's start, epoch ms (its `trip_id`).
    var lastTripStart: Int64

    init(order: TripPageQuery.Order, lastTripStart: Int64) {
        self.order = order
        self.lastTripStart = lastTripStart
    }

    /// Reads a cursor this server issued; nil for anything else.
    init?(_ text: String) {
        guard let data = Base64URL.decode(text), case .object(let object)? = try? JSONParser.parse(data),
              case .string(let orderName)? = object["order_type"], let order = TripPageQuery.Order(rawValue: orderName),
              case .string(let tripID)? = object["trip_id"], let start = Int64(tripID)
        else { return nil }
        self.init(order: order, lastTripStart: start)
    }

    var encoded: String {
        let claims = JSONValue.object(["order_type": .string(order.rawValue), "trip_id": .string(String(lastTripStart))])
        return Base64URL.encode(claims.encoded())
    }
}
