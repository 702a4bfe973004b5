import IQLAPI
import MockPlatformKit
import OpenAPIRuntime

/// The IQL publisher API (`openapi/iql.yaml`) as a platform module. The root namespace is IQL's:
/// it claims every path no other module owns, as the publisher API's host did.
package struct IQLModule: PlatformModule {
    package let zipcodes: ZipDirectory
    /// The base of `logo_url` and `button_click_url`.
    package let publicURL: PublicBaseURL

    package init(zipcodes: ZipDirectory, publicURL: PublicBaseURL) {
        self.zipcodes = zipcodes
        self.publicURL = publicURL
    }

    package var name: String { "iql" }
    /// Click numbers and counts, campaign thresholds and driving events count; silent-push
    /// feedback's `errorCode` and `timestamp` and a trip's `feedbackTimestamp` are kept as the
    /// client sent them.
    package var stateFields: StateFields {
        StateFields(
            counters: [
                "clickNumber", "clickCounts", "minTrips", "minUniqueDrivingDays", "testDriveDays", "offerValidityDays",
                "rapidAcceleration", "phoneUse", "hardBrake", "hardTurn", "overspeeding",
            ],
            keyedByID: ["drivers"],
            verbatim: ["errorCode", "timestamp", "feedbackTimestamp"]
        )
    }
    package var fixtureParts: [any FixturePart.Type] { [IQLFixtures.self] }
    package var settingsParts: [any SettingsPart.Type] { [IQLSettings.self] }
    package var quotaCollections: [TenantQuotas.Collection] { [.drivers, .trips, .qualificationCampaigns] }
    package var scenarioParts: [any ScenarioPart.Type] { [ScenarioDrivers.self] }
    package var pathPrefixes: [String] { ["/"] }
    package var errorShape: any ErrorShape { IQLErrorShape() }
    package var requestGuard: (any RequestGuard)? { IQLRequestGuard() }
    package var rules: [String: OperationRule] { IQLHandlers.rules(zipcodes: zipcodes) }
    /// A supported-state query and the SDK's feedback are read and forgotten.
    package var bodyStorage: [String: BodyStorage] {
        [Operations.PostSupportedStateDetails.id: .notKept, Operations.PostTripFeedback.id: .notKept, Operations.PostSilentPushErrorFeedback.id: .notKept]
    }
    package var eventKinds: [EventKind] { EventKind.iql }
    /// A driver's info and status are the same until the driver changes, the engine has work
    /// for it or (status) the day ends; its offers (ad unit, multi-offer), until then, a setting
    /// changes or an offer expires, for one base URL; locations and supported states, until a
    /// setting (or a campaign) changes, the latter for one body.
    package var cachedReads: [String: CachedRead] {
        [
            Operations.GetDriverInfo.id: CachedRead(),
            Operations.GetDriverStatus.id: CachedRead(),
            Operations.GetAdUnit.id: CachedRead(followsBase: true),
            Operations.ListOffers.id: CachedRead(followsBase: true),
            Operations.GetLocations.id: CachedRead(),
            Operations.PostSupportedStateDetails.id: CachedRead(),
        ]
    }

    /// The answers the integration audit reads facts from: the status's `offer_available`, a
    /// supported state's `can_receive_offer`, the ad unit's click token.
    package var journalledAnswers: Set<String> {
        [Operations.GetDriverStatus.id, Operations.PostSupportedStateDetails.id, Operations.GetAdUnit.id]
    }

    package func makeStore(for runtime: TenantRuntime, restoring snapshot: StoreState?) throws -> (any ModuleStore)? {
        try IQLStore(runtime: runtime, restoring: snapshot)
    }

    package func registerHandlers(on transport: any ServerTransport, configuration: Configuration) throws {
        try IQLHandlers(publicURL: publicURL)
            .registerHandlers(on: transport, configuration: configuration)
    }
}

/// IQL's webhook event kinds (`openapi/iql.yaml` webhooks), in the order `IQLModule` declares
/// them.
extension EventKind {
    package static let qualification = EventKind(rawValue: "qualification")
    package static let nonTelematicsQualification = EventKind(rawValue: "non_telematics_qualification")
    package static let disqualificationStatus = EventKind(rawValue: "disqualification_status")
    package static let offerRetraction = EventKind(rawValue: "offer_retraction")
    package static let offerClick = EventKind(rawValue: "offer_click")
    package static let engagement = EventKind(rawValue: "engagement")
    package static let silentPushNotification = EventKind(rawValue: "silent_push_notification")

    /// Every IQL kind, in the order of the documentation.
    package static let iql: [EventKind] = [
        .qualification, .nonTelematicsQualification, .disqualificationStatus, .offerRetraction, .offerClick, .engagement,
        .silentPushNotification,
    ]
}

extension TimerKey {
    /// The next instant at which the IQL engine has something to do for a driver: a test-drive
    /// end, an offer expiry, an engagement milestone, a heartbeat gap (`iql_driver:<id>`).
    static func iqlDriver(_ driverID: String) -> TimerKey { TimerKey(owner: "iql_driver", name: driverID) }
}

extension TenantQuotas.Collection {
    /// Drivers a tenant knows.
    static let drivers = Self("drivers", defaultLimit: 1_000_000)
    /// Per driver.
    static let trips = Self("trips", defaultLimit: 10_000)
    /// IQL's qualification campaigns; `--quota campaigns=N` also bounds push campaigns.
    static let qualificationCampaigns = Self("campaigns", defaultLimit: 1_000)
}

extension Tenant {
    /// The tenant's IQL store.
    package var iql: IQLStore { get throws(APIError) { try store(IQLStore.self) } }
}
