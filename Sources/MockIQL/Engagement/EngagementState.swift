import Foundation
import MockPlatformKit

/// Per-driver engagement and silent-push bookkeeping (`docs/iql-engine.md` Engine rules, Engagement
/// triggers).
package struct EngagementState: Sendable, Equatable, Codable {
    /// Milestones already sent: `trip-1`, `preemptive_alert`, `opt_in_days:<n>`.
    package var sentMilestones: Set<String> = []
    /// When the last silentPushNotification was requested.
    package var lastSilentPushAt: Date?
    /// The inactivity anchor (later of last trip end and opt-in) an `inactivity` was sent for;
    /// a later anchor (a new trip) re-arms the rule.
    package var inactivitySentForAnchor: Date?
    /// `no_click` days already sent, by offer id.
    package var noClickDaysSent: [String: Set<Int>] = [:]

    /// `permission_issue` bookkeeping: the last one sent, how many since the healthy packet
    /// `permissionIssueAnchor` (nil: none yet).
    package var lastPermissionIssueAt: Date?
    package var permissionIssueCount = 0
    package var permissionIssueAnchor: Date?
    /// The unhealthy streak start a `lost_user_engagement` was sent for.
    package var lostUserSentForStreak: Date?

    package init() {}
}
