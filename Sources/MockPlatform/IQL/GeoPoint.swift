/// A latitude/longitude pair.
public struct GeoPoint: Sendable, Equatable, Codable {
    public var latitude: Double
    public var longitude: Double

    /// Where a mock trip starts and ends unless told otherwise (Phoenix, AZ; `openapi/iql.yaml`
    /// listDriverTrips).
    public static let defaultTripLocation = GeoPoint(latitude: 33.4484, longitude: -112.0740)
}
