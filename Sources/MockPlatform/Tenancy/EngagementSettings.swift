/// The tenant's engagement triggers (`docs/iql-engine.md` Engagement triggers;
/// `openapi/control.yaml` TenantConfig, `engagement`): per subtype whether it is sent, its
/// `metadata.message` and its values, with the reference defaults.
public struct EngagementSettings: Sendable, Equatable {
    public var preemptiveAlert = EngagementTrigger(message: "Keep location access set to Always Allow so every trip counts.")
    /// Hours after opt-in at which `preemptive_alert` is due, by platform.
    public var preemptiveAlertHoursAndroid = 24
    public var preemptiveAlertHoursIOS = 48

    public var firstTrip = EngagementTrigger(message: "Great start! Your first trip has been recorded.")

    public var optInDays = EngagementTrigger(message: "Keep driving to unlock your personalized insurance offer.")
    /// Opt-in ages, in days, at which `opt_in_days` is sent.
    public var optInDaysList = [7]

    public var permissionIssue = EngagementTrigger(
        message: "Some permissions are off. Turn them back on so your trips are recorded."
    )
    /// Days at least between two `permission_issue` events.
    public var permissionIssueIntervalDays = 1
    /// Most `permission_issue` events since the last healthy packet.
    public var permissionIssueTimes = 3

    public var inactivity = EngagementTrigger(
        message: "We haven't seen a trip in a while. Take a drive to keep your test drive going."
    )
    /// Days without a valid trip before `inactivity`.
    public var inactivityDays = 3

    public var lostUserEngagement = EngagementTrigger(
        message: "We haven't heard from your app in a while. Open it to keep your test drive going."
    )
    /// Days without a healthy packet before `lost_user_engagement`.
    public var lostUserInactivityDays = 3

    public var noClick = EngagementTrigger(message: "Your insurance offer is waiting. Take a look before it expires.")
    /// Offer ages, in days, at which `no_click` is sent.
    public var noClickDays = [1, 3, 7]

    public init() {}

    /// Hours after opt-in at which `preemptive_alert` is due for a driver on `platform`.
    public func preemptiveAlertHours(on platform: MobilePlatform) -> Int {
        platform == .ios ? preemptiveAlertHoursIOS : preemptiveAlertHoursAndroid
    }
}
