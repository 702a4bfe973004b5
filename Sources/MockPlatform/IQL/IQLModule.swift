import IQLAPI
import OpenAPIRuntime

/// The IQL publisher API (`openapi/iql.yaml`) as a platform module. The root namespace is IQL's:
/// it claims every path no other module owns, as the publisher API's host did.
struct IQLModule: PlatformModule {
    let zipcodes: ZipDirectory
    /// The base of `logo_url` and `button_click_url`.
    let publicURL: PublicBaseURL

    var name: String { "iql" }
    /// Click numbers and counts, campaign thresholds and driving events count; silent-push
    /// feedback's `errorCode` and `timestamp` and a trip's `feedbackTimestamp` are kept as the
    /// client sent them.
    var stateFields: StateFields {
        StateFields(
            counters: [
                "clickNumber", "clickCounts", "minTrips", "minUniqueDrivingDays", "testDriveDays", "offerValidityDays",
                "rapidAcceleration", "phoneUse", "hardBrake", "hardTurn", "overspeeding",
            ],
            keyedByID: ["drivers"],
            verbatim: ["errorCode", "timestamp", "feedbackTimestamp"]
        )
    }
    var fixtureParts: [any FixturePart.Type] { [IQLFixtures.self] }
    var settingsParts: [any SettingsPart.Type] { [IQLSettings.self] }
    var quotaCollections: [TenantQuotas.Collection] { [.drivers, .trips, .qualificationCampaigns] }
    var scenarioParts: [any ScenarioPart.Type] { [ScenarioDrivers.self] }
    var pathPrefixes: [String] { ["/"] }
    var errorShape: any ErrorShape { IQLErrorShape() }
    var requestGuard: (any RequestGuard)? { IQLRequestGuard() }
    var rules: [String: OperationRule] { IQLHandlers.rules(zipcodes: zipcodes) }
    /// A supported-state query and the SDK's feedback are read and forgotten.
    var bodyStorage: [String: BodyStorage] {
        [Operations.PostSupportedStateDetails.id: .notKept, Operations.PostTripFeedback.id: .notKept, Operations.PostSilentPushErrorFeedback.id: .notKept]
    }
    var eventKinds: [EventKind] { EventKind.iql }
    /// A driver's info and status are the same until the driver changes, the engine has work
    /// for it or (status) the day ends.
    var keptReads: Set<String> { [Operations.GetDriverInfo.id, Operations.GetDriverStatus.id] }

    func makeStore(for runtime: TenantRuntime, restoring snapshot: StoreState?) throws -> (any ModuleStore)? {
        try IQLStore(runtime: runtime, restoring: snapshot)
    }

    func registerHandlers(on transport: any ServerTransport, configuration: Configuration) throws {
        try IQLHandlers(publicURL: publicURL)
            .registerHandlers(on: transport, configuration: configuration)
    }
}
