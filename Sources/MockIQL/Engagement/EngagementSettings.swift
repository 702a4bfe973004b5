import MockPlatformKit

/// The tenant's engagement triggers (`docs/iql-engine.md` Engagement triggers;
/// `openapi/control.yaml` TenantConfig, `engagement`): per subtype whether it is sent, its
/// `metadata.message` and its values, with the reference defaults.
package struct EngagementSettings: Sendable, Equatable {
    package var preemptiveAlert = EngagementTrigger(message: "Keep location access set to Always Allow so every trip counts.")
    /// Hours after opt-in at which `preemptive_alert` is due, by platform.
    package var preemptiveAlertHoursAndroid = 24
    package var preemptiveAlertHoursIOS = 48

    package var firstTrip = EngagementTrigger(message: "Great start! Your first trip has been recorded.")

    package var optInDays = EngagementTrigger(message: "Keep driving to unlock your personalized insurance offer.")
    /// Opt-in ages, in days, at which `opt_in_days` is sent.
    package var optInDaysList = [7]

    package var permissionIssue = EngagementTrigger(
        message: "Some permissions are off. Turn them back on so your trips are recorded."
    )
    /// Days at least between two `permission_issue` events.
    package var permissionIssueIntervalDays = 1
    /// Most `permission_issue` events since the last healthy packet.
    package var permissionIssueTimes = 3

    package var inactivity = EngagementTrigger(
        message: "We haven't seen a trip in a while. Take a drive to keep your test drive going."
    )
    /// Days without a valid trip before `inactivity`.
    package var inactivityDays = 3

    package var lostUserEngagement = EngagementTrigger(
        message: "We haven't heard from your app in a while. Open it to keep your test drive going."
    )
    /// Days without a healthy packet before `lost_user_engagement`.
    package var lostUserInactivityDays = 3

    package var noClick = EngagementTrigger(message: "Your insurance offer is waiting. Take a look before it expires.")
    /// Offer ages, in days, at which `no_click` is sent.
    package var noClickDays = [1, 3, 7]

    package init() {}

    /// Hours after opt-in at which `preemptive_alert` is due for a driver on `platform`.
    package func preemptiveAlertHours(on platform: MobilePlatform) -> Int {
        platform == .ios ? preemptiveAlertHoursIOS : preemptiveAlertHoursAndroid
    }
}
