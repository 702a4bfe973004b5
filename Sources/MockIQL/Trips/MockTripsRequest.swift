import Foundation
import MockPlatformKit

/// A valid mock_trips body (`openapi/iql.yaml` postMockTrips), either form, read as the trips it
/// asks for.
///
/// Checks, first failure only: exactly one form; `date` (string, `%Y-%m-%d`, within the last
/// 180 days); count form: `date` required, then `count`, `distance_miles_each`,
/// `duration_minutes_each`, `score`; list form: `trips`, then trip by trip its fields in table
/// order and, when it has no `start_time`, `date` required; then the count form's fields, which
/// the list form ignores but which must still be valid when present (the body must match the
/// schema the generated decoder reads).
struct MockTripsRequest: Sendable, Equatable {
    /// Where a trip starts.
    enum Start: Sendable, Equatable {
        /// Its own `start_time`.
        case at(Date)
        /// Chained by `TripPlacement` on the request's `date`.
        case chained(on: CalendarDay)
    }

    /// One trip to create.
    struct TripSpec: Sendable, Equatable {
        var distanceMiles: Double
        var durationMinutes: Double
        var score: Int
        var start: Start
        var highwayDistanceMiles: Double
        var eventRatings: EventRatings
        var startLocation: GeoPoint
        var endLocation: GeoPoint
    }

    static let tripLimit: ClosedRange<Int64> = 1...100
    static let scoreRange: ClosedRange<Int64> = 0...100
    static let ratingRange: ClosedRange<Int64> = 1...5
    static let maxDistanceMiles = 1000.0
    static let maxDurationMinutes = 1440.0
    static let defaultScore = 80
    static let defaultDurationMinutes = 20.0

    var trips: [TripSpec]

    /// Reads a body; a trip without a location starts and ends at `defaultLocation` (the
    /// tenant's `default_trip_location`).
    init(body: [String: JSONValue], today: CalendarDay, defaultLocation: GeoPoint) throws(APIError) {
        let fields = FieldReader(body)
        let isCountForm = fields.value("count") != nil
        guard isCountForm != (fields.value("trips") != nil) else { throw .badRequest("provide either trips or count") }
        let date = try Self.date(in: fields, today: today)
        if isCountForm {
            guard let date else { throw .badRequest("date is required") }
            trips = try Self.countForm(fields, date: date, location: defaultLocation)
        } else {
            trips = try Self.listForm(fields, date: date, location: defaultLocation)
            _ = try Self.eachTrip(fields)
        }
    }

    private static func date(in fields: FieldReader, today: CalendarDay) throws(APIError) -> CalendarDay? {
        guard let text = try fields.string("date") else { return nil }
        guard let day = CalendarDay(text) else { throw .badRequest("date must be formatted %Y-%m-%d") }
        guard day <= today, day >= today.adding(days: -StatusWindow.maxDays) else {
            throw .badRequest("date must be within the last 180 days")
        }
        return day
    }

    private static func countForm(_ fields: FieldReader, date: CalendarDay, location: GeoPoint) throws(APIError) -> [TripSpec] {
        let count = try fields.required("count") { key throws(APIError) in try integer(key, in: fields, range: tripLimit) }
        let each = try eachTrip(fields)
        guard let distance = each.distance else { throw .badRequest("distance_miles_each is required") }
        let score = each.score ?? defaultScore
        let trip = TripSpec(
            distanceMiles: distance, durationMinutes: each.duration ?? defaultDurationMinutes, score: score,
            start: .chained(on: date), highwayDistanceMiles: 0, eventRatings: EventRatings(derivedFromScore: score),
            startLocation: location, endLocation: location
        )
        return Array(repeating: trip, count: count)
    }

    /// The count form's per-trip fields, each optional here: `distance_miles_each`,
    /// `duration_minutes_each`, `score`.
    private static func eachTrip(_ fields: FieldReader) throws(APIError) -> (distance: Double?, duration: Double?, score: Int?) {
        (
            try positive("distance_miles_each", in: fields, max: maxDistanceMiles),
            try positive("duration_minutes_each", in: fields, max: maxDurationMinutes),
            try integer("score", in: fields, range: scoreRange)
        )
    }

    private static func listForm(_ fields: FieldReader, date: CalendarDay?, location: GeoPoint) throws(APIError) -> [TripSpec] {
        guard case .array(let items)? = fields.value("trips") else { throw .badRequest("trips must be an array") }
        guard tripLimit.contains(Int64(items.count)) else { throw .badRequest("trips must contain 1 to 100 trips") }
        var trips: [TripSpec] = []
        for (index, item) in items.enumerated() {
            let name = "trips[\(index)]"
            guard case .object(let object) = item else { throw .badRequest("\(name) must be an object") }
            trips.append(try trip(FieldReader(object, path: name), date: date, defaultLocation: location))
        }
        return trips
    }

    private static func trip(_ fields: FieldReader, date: CalendarDay?, defaultLocation: GeoPoint) throws(APIError) -> TripSpec {
        let distance = try fields.required("distance_miles") { key throws(APIError) in
            try positive(key, in: fields, max: maxDistanceMiles)
        }
        let duration = try fields.required("duration_minutes") { key throws(APIError) in
            try positive(key, in: fields, max: maxDurationMinutes)
        }
        let score = try integer("score", in: fields, range: scoreRange) ?? defaultScore
        let startTime = try fields.string("start_time")
        let instant = startTime.flatMap(RFC3339.date(from:))
        if startTime != nil, instant == nil {
            throw .badRequest("\(fields.name("start_time")) must be an ISO-8601 date-time with offset")
        }
        let highway = try fields.number("highway_distance_miles") ?? 0
        guard highway >= 0, highway <= distance else {
            throw .badRequest("\(fields.name("highway_distance_miles")) must be between 0 and distance_miles")
        }
        let ratings = try ratings(in: fields, score: score)
        let startLocation = try location("start_location", in: fields) ?? defaultLocation
        let endLocation = try location("end_location", in: fields) ?? defaultLocation
        let start: Start
        if let instant {
            start = .at(instant)
        } else if let date {
            start = .chained(on: date)
        } else {
            throw .badRequest("date is required")
        }
        return TripSpec(
            distanceMiles: distance, durationMinutes: duration, score: score, start: start, highwayDistanceMiles: highway,
            eventRatings: ratings, startLocation: startLocation, endLocation: endLocation
        )
    }

    /// `event_rating`: each of the five keys 1–5; a missing one derived from the score.
    private static func ratings(in fields: FieldReader, score: Int) throws(APIError) -> EventRatings {
        var ratings = EventRatings(derivedFromScore: score)
        guard let given = try fields.object("event_rating") else { return ratings }
        let keys: [(String, WritableKeyPath<EventRatings, Int>)] = [
            ("rapid_acceleration", \.rapidAcceleration), ("phone_use", \.phoneUse), ("hard_brake", \.hardBrake),
            ("hard_turn", \.hardTurn), ("overspeeding", \.overspeeding),
        ]
        for (key, path) in keys {
            if let rating = try integer(key, in: given, range: ratingRange) { ratings[keyPath: path] = rating }
        }
        return ratings
    }

    /// A trip's `start_location` or `end_location`; nil when absent.
    private static func location(_ key: String, in fields: FieldReader) throws(APIError) -> GeoPoint? {
        guard let point = try fields.object(key) else { return nil }
        func coordinate(_ key: String, limit: Double) throws(APIError) -> Double {
            let value = try point.required(key, point.number)
            guard abs(value) <= limit else {
                throw .badRequest("\(point.name(key)) must be between -\(Int(limit)) and \(Int(limit))")
            }
            return value
        }
        return GeoPoint(latitude: try coordinate("latitude", limit: 90), longitude: try coordinate("longitude", limit: 180))
    }

    /// An optional integer in `range`; anything else is `<path> must be an integer between a and b`.
    private static func integer(_ key: String, in fields: FieldReader, range: ClosedRange<Int64>) throws(APIError) -> Int? {
        guard fields.value(key) != nil else { return nil }
        guard let value = try? fields.integer(key), range.contains(value) else {
            throw .badRequest("\(fields.name(key)) must be an integer between \(range.lowerBound) and \(range.upperBound)")
        }
        return Int(value)
    }

    /// An optional number in (0, max].
    private static func positive(_ key: String, in fields: FieldReader, max: Double) throws(APIError) -> Double? {
        guard let value = try fields.number(key) else { return nil }
        guard value > 0, value <= max else {
            throw .badRequest("\(fields.name(key)) must be greater than 0 and at most \(Int(max))")
        }
        return value
    }
}
