import Foundation

/// The reference defaults of the engagement triggers (`docs/iql-engine.md` Engagement triggers) and
/// the heartbeat interval (`docs/iql-engine.md` Engine rules). Tenant-configurable settings are a
/// later task.
enum EngagementDefaults {
    static let heartbeatIntervalHours = 24.0
    static let preemptiveAlertHoursAndroid = 24.0
    static let preemptiveAlertHoursIOS = 48.0
    static let inactivityDays = 3
    static let noClickDays = [1, 3, 7]
    static let optInDays = [7]
    static let permissionIssueIntervalDays = 1
    static let permissionIssueTimes = 3
    static let lostUserInactivityDays = 3

    /// Short English `metadata.message` per subtype.
    static let messages: [String: String] = [
        "trip-1": "Great start! Your first trip has been recorded.",
        "preemptive_alert": "Keep location access set to Always Allow so every trip counts.",
        "opt_in_days": "Keep driving to unlock your personalized insurance offer.",
        "inactivity": "We haven't seen a trip in a while. Take a drive to keep your test drive going.",
        "no_click": "Your insurance offer is waiting. Take a look before it expires.",
        "permission_issue": "Some permissions are off. Turn them back on so your trips are recorded.",
        "lost_user_engagement": "We haven't heard from your app in a while. Open it to keep your test drive going.",
    ]
}
