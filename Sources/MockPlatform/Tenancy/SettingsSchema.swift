/// Every key of the tenant config, as `openapi/control.yaml` TenantConfig lists them, with its
/// rule and where `TenantSettings` keeps it: the one description that `tenant.json`,
/// `GET /_mock/config` and `PATCH /_mock/config` all go through.
enum SettingsSchema {
    /// The whole config, an object of every key.
    static var root: SettingField {
        .group("", [
            .value("api_keys", \.apiKeys, .strings(
                rule: "must be a non-empty list of non-empty strings", nonEmpty: true, { $0.isEmpty ? nil : $0 }
            )),
            .value("publisher_app_name", \.publisherAppName, .text(nonEmpty: true)),
            .value("publisher_app_id", \.publisherAppID, .text(nonEmpty: true)),
            .value("webhook_retry_profile", \.webhookRetryProfile, .retryProfile),
            .value("webhook_timeout_ms", \.webhookTimeoutMilliseconds, .integer(1...60_000)),
            .value("heartbeat_interval_hours", \.heartbeatIntervalHours, .positive(max: hoursPerYear)),
            .value("supported_state_details_enabled", \.supportedStateDetailsEnabled, .boolean),
            .value("ios_bundle_id", \.iosBundleID, .identifier("bundle id", extra: ".-")),
            .value("android_package", \.androidPackage, .identifier("package name", extra: "._")),
            .value("qualification_push_message", \.qualificationPushMessage, .text(nonEmpty: true)),
            .value("wallet_enabled", \.walletEnabled, .boolean),
            .value("wallet_pass_type_id", \.walletPassTypeID, .passTypeID),
            .value("excluded_states", \.excludedStates, .strings(
                rule: "must be a list of two-letter codes of the 50 states and DC", nonEmpty: false,
                { USState.isStateOrDC($0.uppercased()) ? $0.uppercased() : nil }
            )),
            .value("default_platform", \.defaultPlatform, .choice),
            .value("default_trip_location", \.defaultTripLocation, .location),
            .value("disqualification_timestamp_unit", \.disqualificationTimestampUnit, .choice),
            .value("click_secret", \.clickSecret, .text(nonEmpty: true)),
            .group("engagement", engagement),
        ])
    }

    static let hoursPerYear = 8_760
    private static let days = 1...365
    private static var daysList: SettingRule<[Int]> { .integers(count: 1...20, each: days) }

    /// One object per subtype on the wire, each with `enabled`, `message` and its values.
    private static var engagement: [SettingField] {
        [
            trigger("preemptive_alert", \.preemptiveAlert, [
                .value("hours_android", \.engagement.preemptiveAlertHoursAndroid, .integer(1...hoursPerYear)),
                .value("hours_ios", \.engagement.preemptiveAlertHoursIOS, .integer(1...hoursPerYear)),
            ]),
            trigger("trip-1", \.firstTrip, []),
            trigger("opt_in_days", \.optInDays, [.value("days_list", \.engagement.optInDaysList, daysList)]),
            trigger("permission_issue", \.permissionIssue, [
                .value("interval_in_days", \.engagement.permissionIssueIntervalDays, .integer(days)),
                .value("number_of_times", \.engagement.permissionIssueTimes, .integer(1...100)),
            ]),
            trigger("inactivity", \.inactivity, [.value("inactivity_days", \.engagement.inactivityDays, .integer(days))]),
            trigger("lost_user_engagement", \.lostUserEngagement, [
                .value("inactivity_days", \.engagement.lostUserInactivityDays, .integer(days)),
            ]),
            trigger("no_click", \.noClick, [.value("days_list", \.engagement.noClickDays, daysList)]),
        ]
    }

    /// A subtype's object: `enabled`, `message`, then `values`.
    private static func trigger(
        _ subtype: String, _ keyPath: WritableKeyPath<EngagementSettings, EngagementTrigger>, _ values: [SettingField]
    ) -> SettingField {
        let engagement: WritableKeyPath<TenantSettings, EngagementSettings> = \.engagement
        let trigger: WritableKeyPath<TenantSettings, EngagementTrigger> = engagement.appending(path: keyPath)
        let enabled: WritableKeyPath<EngagementTrigger, Bool> = \.enabled
        let message: WritableKeyPath<EngagementTrigger, String> = \.message
        return .group(subtype, [
            .value("enabled", trigger.appending(path: enabled), .boolean),
            .value("message", trigger.appending(path: message), .text(nonEmpty: false)),
        ] + values)
    }
}
