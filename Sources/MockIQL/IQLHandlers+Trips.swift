import Foundation
import IQLAPI
import MockPlatformKit

/// Trips, trip feedback, silent-push feedback and the testing endpoints (`openapi/iql.yaml`).
///
/// Each body-carrying operation is one change of one driver. Its rule reads the body once into
/// a `DriverUpdate` and runs it on a copy of the driver, so every check answers in the
/// contract's order before the generated decoder runs; its handler then runs the same update on
/// the store, which keeps nothing when it throws.
extension IQLHandlers {
    /// Reads a change of one driver from the request body, given "now", the tenant's settings
    /// and the driver as it is (checks of the driver that come before the body's, such as an
    /// unknown trip, throw here).
    private typealias DriverChange<Result: Sendable> = @Sendable (
        _ body: [String: JSONValue], _ now: Date, _ settings: IQLSettings, _ driver: Driver
    ) throws(APIError) -> DriverUpdate<Result>.Change

    /// Which driver a change may touch.
    enum Target: Sendable {
        /// Any driver; an unknown one is created (the testing endpoints).
        case anyDriver
        /// A known driver; an unknown one is refused with this error.
        case knownDriver(unknown: APIError)
    }

    /// A change of one driver as its rule read it, for the handler to run on the store.
    struct DriverUpdate<Result: Sendable>: Sendable {
        typealias Change = @Sendable (inout Driver, Date) throws(APIError) -> Result
        let driverID: String
        let target: Target
        let change: Change
    }

    static func tripRules() -> [String: OperationRule] {
        [
            Operations.PostMockTrips.id: .validating(into: mockTrips) { request in
                try await read(request, driverID: try pathDriverID(request), .anyDriver, addMockTrips)
            },
            Operations.PostSdkHealth.id: .validating(into: sdkHealth) { request in
                try await read(request, driverID: try pathDriverID(request), .anyDriver, recordHealthPacket)
            },
            Operations.PostOptInDays.id: .validating(into: optInDays) { request in
                try await read(request, driverID: try pathDriverID(request), .anyDriver, moveOptIn)
            },
            Operations.PostTripFeedback.id: .validating(into: tripFeedback) { request in
                let tripID = request.pathParameters["trip_id"] ?? ""
                return try await read(request, driverID: try pathDriverID(request), unknownDriver, invalidateTrip(tripID))
            },
            Operations.PostSilentPushErrorFeedback.id: .validating(into: pushFeedback) { request in
                try await read(request, driverID: try SilentPushFeedback.driverID(in: request.json), unknownPushDriver, recordPushFeedback)
            },
        ]
    }

    /// The changes the rules read, one per operation.
    private static let mockTrips = RuleValue<DriverUpdate<[String]>>()
    private static let sdkHealth = RuleValue<DriverUpdate<Bool>>()
    private static let optInDays = RuleValue<DriverUpdate<OptInChange>>()
    private static let tripFeedback = RuleValue<DriverUpdate<Void>>()
    private static let pushFeedback = RuleValue<DriverUpdate<Void>>()

    func listDriverTrips(_ input: Operations.ListDriverTrips.Input) async throws -> Operations.ListDriverTrips.Output {
        let id = input.path.driverId
        try PathSegmentID.validate(id, name: "driver_id")
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
        try await Self.run(Self.tripFeedback)
        return .ok(.init(body: .json(.init(success: "true"))))
    }

    func postSilentPushErrorFeedback(
        _ input: Operations.PostSilentPushErrorFeedback.Input
    ) async throws -> Operations.PostSilentPushErrorFeedback.Output {
        try await Self.run(Self.pushFeedback)
        return .ok(.init(body: .json(.init(success: "true"))))
    }

    func postMockTrips(_ input: Operations.PostMockTrips.Input) async throws -> Operations.PostMockTrips.Output {
        let tripIDs = try await Self.run(Self.mockTrips)
        return .ok(.init(body: .json(.init(success: "true", driverId: input.path.driverId, tripIds: tripIDs))))
    }

    func postSdkHealth(_ input: Operations.PostSdkHealth.Input) async throws -> Operations.PostSdkHealth.Output {
        let healthy = try await Self.run(Self.sdkHealth)
        return .ok(.init(body: .json(.init(success: "true", healthy: healthy))))
    }

    func postOptInDays(_ input: Operations.PostOptInDays.Input) async throws -> Operations.PostOptInDays.Output {
        let optIn = try await Self.run(Self.optInDays)
        return .ok(.init(body: .json(.init(success: "true", optInDays: optIn.days, optInAt: optIn.optedInAt.epochMilliseconds))))
    }

    // MARK: - The changes

    private static let unknownDriver = Target.knownDriver(unknown: .notFound("invalid driver id"))
    private static let unknownPushDriver = Target.knownDriver(unknown: .badRequest("invalid driver id"))

    /// mock_trips: the new trips' ids.
    private static let addMockTrips: DriverChange<[String]> = { body, now, settings, _ throws(APIError) in
        let request = try MockTripsRequest(body: body, today: CalendarDay(containing: now), defaultLocation: settings.defaultTripLocation)
        return { driver, now throws(APIError) in
            let trips = try TripPlacement.place(request, among: driver.trips, now: now)
            driver.trips = (driver.trips + trips).sorted { $0.start < $1.start }
            return trips.map(\.id)
        }
    }

    /// sdk_health: whether the packet is healthy.
    private static let recordHealthPacket: DriverChange<Bool> = { body, now, settings, driver throws(APIError) in
        let packet = try HealthPacket(body: body, now: now, knownPlatform: driver.platform, defaultPlatform: settings.defaultPlatform)
        return { driver, _ in
            driver.record(packet)
            return packet.isHealthy
        }
    }

    /// What opt_in_days answers: the days and the new opt-in instant.
    struct OptInChange: Sendable {
        let days: Int
        let optedInAt: Date
    }

    private static let moveOptIn: DriverChange<OptInChange> = { body, _, _, _ throws(APIError) in
        let optIn = try OptInDays(body: body)
        return { driver, now throws(APIError) in
            driver.optedInAt = try optIn.optInInstant(now: now)
            return OptInChange(days: optIn.days, optedInAt: driver.optedInAt)
        }
    }

    private static func invalidateTrip(_ tripID: String) -> DriverChange<Void> {
        { body, _, _, driver throws(APIError) in
            let feedback = try TripFeedback(body: body, tripID: tripID, of: driver)
            return { driver, now throws(APIError) in try feedback.apply(to: &driver, now: now) }
        }
    }

    /// silent-push feedback: recorded as received at the store's "now".
    private static let recordPushFeedback: DriverChange<Void> = { body, now, _, _ throws(APIError) in
        let feedback = try SilentPushFeedback(body: body, receivedAt: now)
        return { driver, now in
            var received = feedback
            received.receivedAt = now
            driver.record(received)
        }
    }

    // MARK: - Reading and running a change

    private static func pathDriverID(_ request: RawRequest) throws(APIError) -> String {
        let id = request.pathParameters["driver_id"] ?? ""
        try PathSegmentID.validate(id, name: "driver_id")
        return id
    }

    /// A rule: reads the change from the body and runs it on a copy of the driver as the engine
    /// would leave it now (a new one when unknown and allowed); nothing is stored and no event
    /// is emitted. The handler runs what it returns.
    private static func read<Result>(
        _ request: RawRequest, driverID: String, _ target: Target, _ read: DriverChange<Result>
    ) async throws -> DriverUpdate<Result> {
        let tenant = try Tenant.bound()
        let now = tenant.clock.now
        var driver: Driver
        switch (try await tenant.iql.preview(driverID), target) {
        case (let known?, _): driver = known
        case (nil, .anyDriver): driver = Driver(id: driverID, optedInAt: now)
        case (nil, .knownDriver(let unknown)): throw unknown
        }
        let change = try read(request.json, now, tenant.settings.iql, driver)
        _ = try change(&driver, now)
        return DriverUpdate(driverID: driverID, target: target, change: change)
    }

    /// A handler: the change its rule read, run on the stored driver at the store's "now"; the
    /// engine runs afterwards.
    private static func run<Result: Sendable>(_ rule: RuleValue<DriverUpdate<Result>>) async throws -> Result {
        let update = try rule.current()
        let store = try Tenant.bound().iql
        switch update.target {
        case .anyDriver:
            return try await store.update(update.driverID) { driver, now throws(APIError) in try update.change(&driver, now) }
        case .knownDriver(let unknown):
            return try await store.updateKnown(update.driverID, unknown: unknown) { driver, now throws(APIError) in
                try update.change(&driver, now)
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
