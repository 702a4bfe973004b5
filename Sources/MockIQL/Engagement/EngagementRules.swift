import Foundation
import MockPlatformKit

/// The engagement triggers of `docs/iql-engine.md` (Engagement triggers) with the tenant's
/// settings of them.
///
/// `firstTrip` runs before qualification, `others` after disqualification, as `docs/iql-engine.md`
/// Engine rules orders the events of one evaluation. Each time-based rule fires at most once per
/// evaluation. A disabled subtype's rule still runs and keeps its bookkeeping, but its event is
/// dropped: what comes due while it is disabled is never sent, not even once it is enabled again.
struct EngagementRules {
    /// Enabled campaigns covering the driver's state and country.
    let covering: [QualificationCampaign]
    let settings: EngagementSettings
    /// The platform of a driver whose packets name none (the tenant's `default_platform`).
    let defaultPlatform: MobilePlatform
    let now: Date

    /// Covered by an enabled campaign, neither qualified nor disqualified.
    func inTestDrive(_ driver: Driver) -> Bool {
        !covering.isEmpty && driver.offers.isEmpty && !driver.disqualified
    }

    /// `trip-1`: once, at the first valid trip.
    func firstTrip(_ driver: inout Driver, ids: inout IDGenerator) -> [PlatformEvent] {
        guard inTestDrive(driver), driver.trips.contains(where: { !$0.invalidated }) else { return [] }
        return milestone("trip-1", subtype: "trip-1", settings.firstTrip, &driver, ids: &ids)
    }

    /// Every other trigger, in a fixed order.
    func others(_ driver: inout Driver, ids: inout IDGenerator) -> [PlatformEvent] {
        var events: [PlatformEvent] = []
        if inTestDrive(driver) {
            events += preemptiveAlert(&driver, ids: &ids)
            events += optInDays(&driver, ids: &ids)
            events += inactivity(&driver, ids: &ids)
            events += permissionIssue(&driver, ids: &ids)
            events += lostUserEngagement(&driver, ids: &ids)
        }
        events += noClick(&driver, ids: &ids)
        return events
    }

    private func preemptiveAlert(_ driver: inout Driver, ids: inout IDGenerator) -> [PlatformEvent] {
        let hours = settings.preemptiveAlertHours(on: driver.platform ?? defaultPlatform)
        guard now >= driver.optedInAt.addingTimeInterval(Double(hours) * 3600) else { return [] }
        return milestone("preemptive_alert", subtype: "preemptive_alert", settings.preemptiveAlert, &driver, ids: &ids)
    }

    /// Once per `days_list` entry reached; a jump past several sends only the latest.
    private func optInDays(_ driver: inout Driver, ids: inout IDGenerator) -> [PlatformEvent] {
        let age = EngagementPayload.wholeDays(from: driver.optedInAt, to: now)
        let due = settings.optInDaysList.filter { $0 <= age && !driver.engagement.sentMilestones.contains("opt_in_days:\($0)") }
        guard !due.isEmpty else { return [] }
        for day in due { driver.engagement.sentMilestones.insert("opt_in_days:\(day)") }
        return event("milestone_based", "opt_in_days", settings.optInDays, driver, ids: &ids)
    }

    /// No valid trip for `inactivity_days` since the later of last trip end and opt-in; once per
    /// streak, re-armed when a trip moves the anchor.
    private func inactivity(_ driver: inout Driver, ids: inout IDGenerator) -> [PlatformEvent] {
        let lastEnd = driver.trips.filter { !$0.invalidated }.map(\.end).max()
        let anchor = max(lastEnd ?? driver.optedInAt, driver.optedInAt)
        guard driver.engagement.inactivitySentForAnchor != anchor,
              now >= anchor.addingTimeInterval(Double(settings.inactivityDays) * 86_400)
        else { return [] }
        driver.engagement.inactivitySentForAnchor = anchor
        return event("activity_based", "inactivity", settings.inactivity, driver, ids: &ids)
    }

    /// Latest packet unhealthy and ≤ 24 h old; ≥ `interval_in_days` since the last one; fewer
    /// than `number_of_times` since the last healthy packet.
    private func permissionIssue(_ driver: inout Driver, ids: inout IDGenerator) -> [PlatformEvent] {
        guard let latest = EngagementPayload.latestPacket(driver), !latest.isHealthy,
              now.timeIntervalSince(latest.timestamp) <= 86_400
        else { return [] }
        let lastHealthy = driver.packets.filter(\.isHealthy).map(\.timestamp).max()
        if driver.engagement.permissionIssueAnchor != lastHealthy {
            driver.engagement.permissionIssueAnchor = lastHealthy
            driver.engagement.permissionIssueCount = 0
        }
        let interval = Double(settings.permissionIssueIntervalDays) * 86_400
        guard driver.engagement.permissionIssueCount < settings.permissionIssueTimes,
              driver.engagement.lastPermissionIssueAt.map({ now.timeIntervalSince($0) >= interval }) ?? true
        else { return [] }
        driver.engagement.permissionIssueCount += 1
        driver.engagement.lastPermissionIssueAt = now
        return event("activity_based", "permission_issue", settings.permissionIssue, driver, ids: &ids)
    }

    /// No healthy packet for `inactivity_days` since the first unhealthy packet of the current
    /// streak; once per streak.
    private func lostUserEngagement(_ driver: inout Driver, ids: inout IDGenerator) -> [PlatformEvent] {
        let lastHealthy = driver.packets.filter(\.isHealthy).map(\.timestamp).max()
        guard let streakStart = driver.packets
            .filter({ packet in !packet.isHealthy && lastHealthy.map { packet.timestamp > $0 } ?? true })
            .map(\.timestamp).min(),
            driver.engagement.lostUserSentForStreak != streakStart,
            now >= streakStart.addingTimeInterval(Double(settings.lostUserInactivityDays) * 86_400)
        else { return [] }
        driver.engagement.lostUserSentForStreak = streakStart
        return event("activity_based", "lost_user_engagement", settings.lostUserEngagement, driver, ids: &ids)
    }

    /// An active, unclicked offer: once on each `days_list` day after its creation, also after
    /// qualification; a jump past several days sends one.
    private func noClick(_ driver: inout Driver, ids: inout IDGenerator) -> [PlatformEvent] {
        var events: [PlatformEvent] = []
        for offer in driver.offers where offer.isActive(at: now) && !offer.clicked {
            let age = EngagementPayload.wholeDays(from: offer.createdAt, to: now)
            let sent = driver.engagement.noClickDaysSent[offer.offerID, default: []]
            let due = settings.noClickDays.filter { $0 <= age && !sent.contains($0) }
            guard !due.isEmpty else { continue }
            driver.engagement.noClickDaysSent[offer.offerID, default: []].formUnion(due)
            events += event("activity_based", "no_click", settings.noClick, driver, ids: &ids)
        }
        return events
    }

    private func milestone(
        _ key: String, subtype: String, _ trigger: EngagementTrigger, _ driver: inout Driver, ids: inout IDGenerator
    ) -> [PlatformEvent] {
        guard !driver.engagement.sentMilestones.contains(key) else { return [] }
        driver.engagement.sentMilestones.insert(key)
        return event("milestone_based", subtype, trigger, driver, ids: &ids)
    }

    /// The subtype's event, or none when it is disabled.
    private func event(
        _ type: String, _ subtype: String, _ trigger: EngagementTrigger, _ driver: Driver, ids: inout IDGenerator
    ) -> [PlatformEvent] {
        guard trigger.enabled else { return [] }
        return [
            EngagementPayload(driver: driver, campaign: covering.first, now: now)
                .event(type: type, subtype: subtype, message: trigger.message, ids: &ids),
        ]
    }
}
