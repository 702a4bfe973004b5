import Foundation
import IQLAPI

/// Trips, trip feedback, silent-push feedback and the testing endpoints (`openapi/iql.yaml`).
///
/// Each body-carrying operation is one change of one driver. Its rule runs that same change on a
/// copy of the driver, so every check answers in the contract's order before the generated
/// decoder runs; its handler then runs it on the store, which keeps nothing when it throws.
extension IQLHandlers {
    /// A change of one driver, given the request body, "now" and the tenant's settings.
    private typealias DriverChange<Result> = @Sendable ([String: JSONValue], Date, TenantSettings) -> (inout Driver) throws(APIError) -> Result

    /// Which driver a change may touch.
    private enum Target: Sendable {
        /// Any driver; an unknown one is created (the testing endpoints).
        case anyDriver
        /// A known driver; an unknown one is refused with this error.
        case knownDriver(unknown: APIError)
    }

    static func tripRules() -> [String: OperationRule] {
        [
            Operations.PostMockTrips.id: { request in
                try await dryRun(request, driverID: try pathDriverID(request), .anyDriver, addMockTrips)
            },
            Operations.PostSdkHealth.id: { request in
                try await dryRun(request, driverID: try pathDriverID(request), .anyDriver, recordHealthPacket)
            },
            Operations.PostOptInDays.id: { request in
                try await dryRun(request, driverID: try pathDriverID(request), .anyDriver, moveOptIn)
            },
            Operations.PostTripFeedback.id: { request in
                let tripID = request.pathParameters["trip_id"] ?? ""
                try await dryRun(request, driverID: try pathDriverID(request), unknownDriver, invalidateTrip(tripID))
            },
            Operations.PostSilentPushErrorFeedback.id: { request in
                try await dryRun(request, driverID: try SilentPushFeedback.driverID(in: request.json), unknownPushDriver, recordPushFeedback)
            },
        ]
    }

    func listDriverTrips(_ input: Operations.ListDriverTrips.Input) async throws -> Operations.ListDriverTrips.Output {
        let id = input.path.driverId
        try DriverID.validate(id)
        let parameters = input.query
        let (driver, query) = try await Tenant.bound().iql.read(id, unknown: Self.invalidDriver) { reading throws(APIError) in
            (reading.driver, try TripPageQuery(
                limit: parameters.limit, cursor: parameters.cursor,
                orderType: parameters.orderType, lengthUnit: parameters.lengthUnit
            ))
        }
        let page = query.page(of: driver.trips)
        return .ok(.init(body: .json(.init(
            trips: page.trips.map { Self.wire($0, unit: query.unit) },
            nextCursor: page.nextCursor,
            responseMetadata: .init(nextCursor: page.nextCursor)
        ))))
    }

    func postTripFeedback(_ input: Operations.PostTripFeedback.Input) async throws -> Operations.PostTripFeedback.Output {
        try await Self.change(input.path.driverId, Self.unknownDriver, Self.invalidateTrip(input.path.tripId))
        return .ok(.init(body: .json(.init(success: "true"))))
    }

    func postSilentPushErrorFeedback(
        _ input: Operations.PostSilentPushErrorFeedback.Input
    ) async throws -> Operations.PostSilentPushErrorFeedback.Output {
        let driverID = try SilentPushFeedback.driverID(in: RequestBody.json ?? [:])
        try await Self.change(driverID, Self.unknownPushDriver, Self.recordPushFeedback)
        return .ok(.init(body: .json(.init(success: "true"))))
    }

    func postMockTrips(_ input: Operations.PostMockTrips.Input) async throws -> Operations.PostMockTrips.Output {
        let tripIDs = try await Self.change(input.path.driverId, .anyDriver, Self.addMockTrips)
        return .ok(.init(body: .json(.init(success: "true", driverId: input.path.driverId, tripIds: tripIDs))))
    }

    func postSdkHealth(_ input: Operations.PostSdkHealth.Input) async throws -> Operations.PostSdkHealth.Output {
        let healthy = try await Self.change(input.path.driverId, .anyDriver, Self.recordHealthPacket)
        return .ok(.init(body: .json(.init(success: "true", healthy: healthy))))
    }

    func postOptInDays(_ input: Operations.PostOptInDays.Input) async throws -> Operations.PostOptInDays.Output {
        let (days, optedInAt) = try await Self.change(input.path.driverId, .anyDriver, Self.moveOptIn)
        return .ok(.init(body: .json(.init(success: "true", optInDays: days, optInAt: optedInAt.epochMilliseconds))))
    }

    // MARK: - The changes

    private static let unknownDriver = Target.knownDriver(unknown: .notFound("invalid driver id"))
    private static let unknownPushDriver = Target.knownDriver(unknown: .badRequest("invalid driver id"))

    /// mock_trips: the new trips' ids.
    private static let addMockTrips: DriverChange<[String]> = { body, now, settings in
        { driver throws(APIError) in
            let request = try MockTripsRequest(
                body: body, today: CalendarDay(containing: now), defaultLocation: settings.defaultTripLocation
            )
            let trips = try TripPlacement.place(request, among: driver.trips, now: now)
            driver.trips = (driver.trips + trips).sorted { $0.start < $1.start }
            return trips.map(\.id)
        }
    }

    /// sdk_health: whether the packet is healthy.
    private static let recordHealthPacket: DriverChange<Bool> = { body, now, settings in
        { driver throws(APIError) in
            let packet = try HealthPacket(
                body: body, now: now, knownPlatform: driver.platform, defaultPlatform: settings.defaultPlatform
            )
            driver.record(packet)
            return packet.isHealthy
        }
    }

    /// opt_in_days: the days and the new opt-in instant.
    private static let moveOptIn: DriverChange<(Int, Date)> = { body, now, _ in
        { driver throws(APIError) in
            let optIn = try OptInDays(body: body)
            driver.optedInAt = optIn.optInInstant(now: now)
            return (optIn.days, driver.optedInAt)
        }
    }

    private static func invalidateTrip(_ tripID: String) -> DriverChange<Void> {
        { body, now, _ in
            { driver throws(APIError) in try TripFeedbackRules.apply(body, tripID: tripID, to: &driver, now: now) }
        }
    }

    private static let recordPushFeedback: DriverChange<Void> = { body, now, _ in
        { driver throws(APIError) in driver.record(try SilentPushFeedback(body: body, receivedAt: now)) }
    }

    // MARK: - Running a change

    private static func pathDriverID(_ request: RawRequest) throws(APIError) -> String {
        let id = request.pathParameters["driver_id"] ?? ""
        try DriverID.validate(id)
        return id
    }

    /// A rule: the change on a copy of the driver as the engine would leave it now (a new one
    /// when unknown and allowed); nothing is stored and no event is emitted.
    private static func dryRun<Result>(
        _ request: RawRequest, driverID: String, _ target: Target, _ change: DriverChange<Result>
    ) async throws {
        let tenant = try Tenant.bound()
        let now = tenant.clock.now
        var driver: Driver
        switch (try await tenant.iql.preview(driverID), target) {
        case (let known?, _): driver = known
        case (nil, .anyDriver): driver = Driver(id: driverID, optedInAt: now)
        case (nil, .knownDriver(let unknown)): throw unknown
        }
        _ = try change(request.json, now, tenant.settings)(&driver)
    }

    /// A handler: the change on the stored driver, at the store's "now"; the engine runs
    /// afterwards.
    private static func change<Result: Sendable>(
        _ driverID: String, _ target: Target, _ change: @escaping DriverChange<Result>
    ) async throws -> Result {
        let tenant = try Tenant.bound()
        let store = try tenant.iql
        let body = RequestBody.json ?? [:]
        let settings = tenant.settings
        switch target {
        case .anyDriver:
            return try await store.update(driverID) { driver, now throws(APIError) in try change(body, now, settings)(&driver) }
        case .knownDriver(let unknown):
            return try await store.updateKnown(driverID, unknown: unknown) { driver, now throws(APIError) in
                try change(body, now, settings)(&driver)
            }
        }
    }

    // MARK: - Wire shapes

    private static func wire(_ trip: Trip, unit: TripPageQuery.LengthUnit) -> Components.Schemas.Trip {
        let ratings = trip.eventRatings
        return .init(
            tripId: trip.id,
            startTime: wireTime(trip.start),
            endTime: wireTime(trip.end),
            startLocation: .init(latitude: trip.startLocation.latitude, longitude: trip.startLocation.longitude),
            endLocation: .init(latitude: trip.endLocation.latitude, longitude: trip.endLocation.longitude),
            distance: unit.distance(miles: trip.distanceMiles),
            highwayDistance: unit.distance(miles: trip.highwayDistanceMiles),
            drivingBehavior: .init(
                score: .init(zendriveScore: trip.score),
                eventRating: .init(
                    rapidAcceleration: ratings.rapidAcceleration, phoneUse: ratings.phoneUse, hardBrake: ratings.hardBrake,
                    hardTurn: ratings.hardTurn, overspeeding: ratings.overspeeding
                )
            ),
            invalidated: trip.invalidated
        )
    }

    /// `2024-06-01T08:00:00.000+00:00`: milliseconds and an explicit offset.
    private static func wireTime(_ instant: Date) -> String {
        let utc = RFC3339.string(from: instant)
        return utc.hasSuffix("Z") ? utc.dropLast() + "+00:00" : utc
    }
}
