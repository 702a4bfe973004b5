import Foundation
import IQLAPI
import MockPlatformKit

/// The IQL publisher API (`openapi/iql.yaml`), per tenant; served by `IQLModule`.
///
/// Bodies are checked by `rules(zipcodes:)` before the generated decoder runs; handlers then
/// take what the rules parsed (their `RuleValue`), read the tenant bound to the request
/// and answer from its `IQLStore`. This file holds the
/// onboarding operations; the others live in `IQLHandlers+<Area>.swift`.
struct IQLHandlers: APIProtocol {
    /// The base of `logo_url` and `button_click_url`.
    let publicURL: PublicBaseURL

    /// Contract rules that must run before an operation's input is decoded, for every area.
    static func rules(zipcodes: ZipDirectory) -> [String: OperationRule] {
        onboardingRules(zipcodes: zipcodes).merging(tripRules()) { first, _ in first }
    }

    private static func onboardingRules(zipcodes: ZipDirectory) -> [String: OperationRule] {
        [
            Operations.PutDriverInfo.id: .validating(into: driverInfoChange) { request in
                try PathSegmentID.validate(request.pathParameters["driver_id"] ?? "", name: "driver_id")
                return try DriverInfoChange(body: request.json, zipcodes: zipcodes)
            },
            Operations.PostSupportedStateDetails.id: .validating(into: supportedStateQuery) { request in
                try SupportedStateQuery(body: request.json)
            },
        ]
    }

    private static let driverInfoChange = RuleValue<DriverInfoChange>()
    private static let supportedStateQuery = RuleValue<SupportedStateQuery>()

    func putDriverInfo(_ input: Operations.PutDriverInfo.Input) async throws -> Operations.PutDriverInfo.Output {
        let tenant = try Tenant.bound()
        let change = try Self.driverInfoChange.current()
        try await tenant.iql.upsertInfo(change, driverID: input.path.driverId)
        return .ok(.init(body: .json(.init(success: "true"))))
    }

    func getDriverInfo(_ input: Operations.GetDriverInfo.Input) async throws -> Operations.GetDriverInfo.Output {
        let id = input.path.driverId
        try PathSegmentID.validate(id, name: "driver_id")
        let (driver, validity) = try await Tenant.bound().iql.keptRead(id, unknown: Self.invalidDriver) { $0.driver }
        Tenant.cacheAnswer(validity)
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
        let id = input.path.driverId
        try PathSegmentID.validate(id, name: "driver_id")
        let startDate = input.query.startDate
        let ((driver, now, window), validity) = try await Tenant.bound().iql.keptRead(id, unknown: Self.invalidDriver) {
            reading throws(APIError) in
            (reading.driver, reading.now, try StatusWindow(startDate: startDate, today: CalendarDay(containing: reading.now)))
        }
        // The window ends today: tomorrow, the same request answers other dates.
        Tenant.cacheAnswer(validity.ending(by: window.range.upperBound.adding(days: 1).start))
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
        let query = try Self.supportedStateQuery.current()
        let (settings, settingsValidity) = tenant.keptSettings
        let store = try tenant.iql
        let campaignsValidity = CacheValidity(depending: [store.revision], at: .distantPast)
        let answer = query.answer(supportedStates: settings.iql.supportedStates, campaigns: await store.campaigns)
        Tenant.cacheAnswer(settingsValidity.and(campaignsValidity))
        return .ok(.init(body: .json(.init(isSupportedState: answer.isSupported, canReceiveOffer: answer.canReceiveOffer))))
    }

    func getLocations(_ input: Operations.GetLocations.Input) async throws -> Operations.GetLocations.Output {
        let (settings, validity) = try Tenant.bound().keptSettings
        Tenant.cacheAnswer(validity)
        let states = settings.iql.supportedStates.map { code in
            Components.Schemas.StateInfo(stateName: USState.name(of: code) ?? code, stateCode: code)
        }
        return .ok(.init(body: .json(.init(countries: [.init(countryCode: "USA", states: states)]))))
    }

    /// What a read of an unknown driver answers (before any 400 of its query).
    static let invalidDriver = APIError.notFound("invalid driver id")
}
