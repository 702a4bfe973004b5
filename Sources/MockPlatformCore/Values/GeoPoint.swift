/// A latitude/longitude pair.
package struct GeoPoint: Sendable, Equatable, Codable {
    package var latitude: Double
    package var longitude: Double

    package init(latitude: Double, longitude: Double) {
        self.latitude = latitude
        self.longitude = longitude
    }
}
