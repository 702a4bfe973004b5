import Foundation
import IQLAPI

/// The IQL publisher API (`openapi/iql.yaml`), per tenant; served by `IQLModule`.
///
/// Bodies are checked by `rules(zipcodes:)` before the generated decoder runs; handlers then
/// read the tenant bound to the request and answer from its `IQLStore`. This file holds the
/// onboarding operations; the others live in `IQLHandlers+<Area>.swift`.
struct IQLHandlers: APIProtocol {
    let zipcodes: ZipDirectory
    /// The base of `logo_url` and `button_click_url`.
    let publicURL: PublicBaseURL

    /// Contract rules that must run before an operation's input is decoded, for every area.
    static func rules(zipcodes: ZipDirectory) -> [String: OperationRule] {
        onboardingRules(zipcodes: zipcodes).merging(tripRules()) { first, _ in first }
    }

    private static func onboardingRules(zipcodes: ZipDirectory) -> [String: OperationRule] {
        let driverInfo = DriverInfoRules(zipcodes: zipcodes)
        return [
            Operations.PutDriverInfo.id: { request in
                try DriverID.validate(request.pathParameters["driver_id"] ?? "")
                _ = try driverInfo.change(from: request.json)
            },
            Operations.PostSupportedStateDetails.id: { request in
                _ = try SupportedStateQuery(body: request.json)
            },
        ]
    }

    func putDriverInfo(_ input: Operations.PutDriverInfo.Input) async throws -> Operations.PutDriverInfo.Output {
        let tenant = try Tenant.bound()
        let change = try DriverInfoRules(zipcodes: zipcodes).change(from: RequestBody.json ?? [:])
        try await tenant.iql.upsertInfo(change, driverID: input.path.driverId)
        return .ok(.init(body: .json(.init(success: "true"))))
    }

    func getDriverInfo(_ input: Operations.GetDriverInfo.Input) async throws -> Operations.GetDriverInfo.Output {
        let driver = try await knownDriver(input.path.driverId, in: try Tenant.bound())
        return .ok(.init(body: .json(.init(
            driverId: driver.id,
            country: driver.country,
            state: driver.state,
            zipcode: driver.zipcode,
            insurer: driver.insurer,
            segment: .init(acqSource: driver.acquisitionSource)
        ))))
    }

    func getDriverStatus(_ input: Operations.GetDriverStatus.Input) async throws -> Operations.GetDriverStatus.Output {
        let tenant = try Tenant.bound()
        try await requireDriver(input.path.driverId, in: tenant)
        let window = try StatusWindow(startDate: input.query.startDate, today: CalendarDay(containing: tenant.clock.now))
        let driver = try await evaluatedDriver(input.path.driverId, in: tenant)
        let now = tenant.clock.now
        let metrics = DriverMetrics(trips: driver.trips, window: window.range)
        let ratings = metrics.eventRatings
        return .ok(.init(body: .json(.init(
            driverId: driver.id,
            startDate: window.range.lowerBound.description,
            endDate: window.range.upperBound.description,
            metrics: .init(
                dateFirstDrive: metrics.dateFirstDrive?.description,
                tripsCount: metrics.tripsCount,
                distanceMiles: (metrics.distanceMiles * 1000).rounded() / 1000,
                zendriveScore: metrics.zendriveScore,
                eventRating: .init(
                    rapidAcceleration: ratings?.rapidAcceleration,
                    phoneUse: ratings?.phoneUse,
                    hardBrake: ratings?.hardBrake,
                    hardTurn: ratings?.hardTurn,
                    overspeeding: ratings?.overspeeding
                ),
                uniqueDrivingDays: metrics.uniqueDrivingDays,
                offerAvailable: driver.hasActiveOffer(at: now)
            )
        ))))
    }

    func postSupportedStateDetails(
        _ input: Operations.PostSupportedStateDetails.Input
    ) async throws -> Operations.PostSupportedStateDetails.Output {
        let tenant = try Tenant.bound()
        let query = try SupportedStateQuery(body: RequestBody.json ?? [:])
        let answer = query.answer(supportedStates: tenant.settings.supportedStates, campaigns: try await tenant.iql.campaigns)
        return .ok(.init(body: .json(.init(isSupportedState: answer.isSupported, canReceiveOffer: answer.canReceiveOffer))))
    }

    func getLocations(_ input: Operations.GetLocations.Input) async throws -> Operations.GetLocations.Output {
        let states = try Tenant.bound().settings.supportedStates.map { code in
            Components.Schemas.StateInfo(stateName: USState.name(of: code) ?? code, stateCode: code)
        }
        return .ok(.init(body: .json(.init(countries: [.init(countryCode: "USA", states: states)]))))
    }

    /// The driver, after the `driver_id` rules and an engine run; 404 `invalid driver id` when
    /// unknown.
    func knownDriver(_ id: String, in tenant: Tenant, name: String = "driver_id") async throws -> Driver {
        try await requireDriver(id, in: tenant, name: name)
        return try await evaluatedDriver(id, in: tenant)
    }

    /// The `driver_id` rules, then 404 `invalid driver id` when unknown; changes nothing, so a
    /// request refused by a later check leaves no trace.
    func requireDriver(_ id: String, in tenant: Tenant, name: String = "driver_id") async throws {
        try DriverID.validate(id, name: name)
        guard try await tenant.iql.preview(id) != nil else { throw APIError.notFound("invalid driver id") }
    }

    /// The driver after an engine run (which records what it emits): once every check passed.
    func evaluatedDriver(_ id: String, in tenant: Tenant) async throws -> Driver {
        guard let driver = try await tenant.iql.driver(id) else { throw APIError.notFound("invalid driver id") }
        return driver
    }
}
