import Foundation
import MockPlatformKit

/// IQL's keys of the tenant config (`openapi/control.yaml` TenantConfig): the publisher app
/// it names, the engine's heartbeat and engagement, the supported locations, trips' defaults,
/// the disqualification timestamp's unit and the click tokens' secret.
package struct IQLSettings: SettingsPart {
    package var publisherAppName = "mock_app-prod"
    package var publisherAppID = "mock_app"
    /// The heartbeat gap after which a silent push is requested (`docs/iql-engine.md` Engine rules).
    package var heartbeatIntervalHours = 24.0
    package var supportedStateDetailsEnabled = true
    /// States removed from the supported-locations list (upper case when read from JSON).
    package var excludedStates: [String] = []
    /// The platform of a driver whose health packets name none.
    package var defaultPlatform = MobilePlatform.android
    /// Where a mock trip starts and ends unless told otherwise (Phoenix, AZ; `openapi/iql.yaml`
    /// postMockTrips).
    package var defaultTripLocation = GeoPoint(latitude: 33.4484, longitude: -112.0740)
    /// Unit of disqualificationStatus's `timestamp`: seconds as documented, or milliseconds.
    package var disqualificationTimestampUnit = TimestampUnit.seconds
    /// Secret the click tokens of this tenant are signed with (mixed with the tenant name).
    package var clickSecret = "mock-click-secret"
    package var engagement = EngagementSettings()

    /// `s` or `ms`.
    package enum TimestampUnit: String, Codable, Sendable, CaseIterable {
        case seconds = "s"
        case milliseconds = "ms"
    }

    /// The defaults.
    package init() {}

    /// The supported locations (`openapi/iql.yaml` getLocations): 50 states + DC minus `excludedStates`, by code.
    package var supportedStates: [String] {
        let excluded = Set(excludedStates.map { $0.uppercased() })
        return USState.statesAndDC.keys.filter { !excluded.contains($0) }.sorted()
    }

    package static var fields: [SettingField] {
        [
            .value("publisher_app_name", \.iql.publisherAppName, .text(nonEmpty: true)),
            .value("publisher_app_id", \.iql.publisherAppID, .text(nonEmpty: true)),
            .value("heartbeat_interval_hours", \.iql.heartbeatIntervalHours, .positive(max: hoursPerYear)),
            .value("supported_state_details_enabled", \.iql.supportedStateDetailsEnabled, .boolean),
            .value("excluded_states", \.iql.excludedStates, .strings(
                rule: "must be a list of two-letter codes of the 50 states and DC", nonEmpty: false,
                { USState.isStateOrDC($0.uppercased()) ? $0.uppercased() : nil }
            )),
            .value("default_platform", \.iql.defaultPlatform, .choice),
            .value("default_trip_location", \.iql.defaultTripLocation, .location),
            .value("disqualification_timestamp_unit", \.iql.disqualificationTimestampUnit, .choice),
            .value("click_secret", \.iql.clickSecret, .text(nonEmpty: true)),
            .group("engagement", engagementFields),
        ]
    }

    static let hoursPerYear = 8_760
    private static let days = 1...365
    private static var daysList: SettingRule<[Int]> { .integers(count: 1...20, each: days) }

    /// One object per subtype on the wire, each with `enabled`, `message` and its values.
    private static var engagementFields: [SettingField] {
        [
            trigger("preemptive_alert", \.preemptiveAlert, [
                .value("hours_android", \.iql.engagement.preemptiveAlertHoursAndroid, .integer(1...hoursPerYear)),
                .value("hours_ios", \.iql.engagement.preemptiveAlertHoursIOS, .integer(1...hoursPerYear)),
            ]),
            trigger("trip-1", \.firstTrip, []),
            trigger("opt_in_days", \.optInDays, [.value("days_list", \.iql.engagement.optInDaysList, daysList)]),
            trigger("permission_issue", \.permissionIssue, [
                .value("interval_in_days", \.iql.engagement.permissionIssueIntervalDays, .integer(days)),
                .value("number_of_times", \.iql.engagement.permissionIssueTimes, .integer(1...100)),
            ]),
            trigger("inactivity", \.inactivity, [.value("inactivity_days", \.iql.engagement.inactivityDays, .integer(days))]),
            trigger("lost_user_engagement", \.lostUserEngagement, [
                .value("inactivity_days", \.iql.engagement.lostUserInactivityDays, .integer(days)),
            ]),
            trigger("no_click", \.noClick, [.value("days_list", \.iql.engagement.noClickDays, daysList)]),
        ]
    }

    /// A subtype's object: `enabled`, `message`, then `values`.
    private static func trigger(
        _ subtype: String, _ keyPath: WritableKeyPath<EngagementSettings, EngagementTrigger>, _ values: [SettingField]
    ) -> SettingField {
        let engagement: WritableKeyPath<TenantSettings, EngagementSettings> = \.iql.engagement
        let trigger: WritableKeyPath<TenantSettings, EngagementTrigger> = engagement.appending(path: keyPath)
        let enabled: WritableKeyPath<EngagementTrigger, Bool> = \.enabled
        let message: WritableKeyPath<EngagementTrigger, String> = \.message
        return .group(subtype, [
            .value("enabled", trigger.appending(path: enabled), .boolean),
            .value("message", trigger.appending(path: message), .text(nonEmpty: false)),
        ] + values)
    }
}

extension TenantSettings {
    /// IQL's settings.
    package var iql: IQLSettings {
        get { self[IQLSettings.self] }
        set { self[IQLSettings.self] = newValue }
    }
}
