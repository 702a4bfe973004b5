import Foundation

/// The engagement triggers of `docs/iql-engine.md` (Engagement triggers) with the reference
/// defaults.
///
/// `firstTrip` runs before qualification, `others` after disqualification, as `docs/iql-engine.md`
/// Engine rules orders the events of one evaluation. Each time-based rule fires at most once per
/// evaluation.
struct EngagementRules {
    /// Enabled campaigns covering the driver's state and country.
    let covering: [Campaign]
    let now: Date

    /// Covered by an enabled campaign, neither qualified nor disqualified.
    func inTestDrive(_ driver: Driver) -> Bool {
        !covering.isEmpty && driver.offers.isEmpty && !driver.disqualified
    }

    /// `trip-1`: once, at the first valid trip.
    func firstTrip(_ driver: inout Driver, ids: inout IDGenerator) -> [PlatformEvent] {
        guard inTestDrive(driver), driver.trips.contains(where: { !$0.invalidated }) else { return [] }
        return milestone("trip-1", subtype: "trip-1", &driver, ids: &ids)
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
        let hours = (driver.platform ?? .android) == .ios
            ? EngagementDefaults.preemptiveAlertHoursIOS : EngagementDefaults.preemptiveAlertHoursAndroid
        guard now >= driver.optedInAt.addingTimeInterval(hours * 3600) else { return [] }
        return milestone("preemptive_alert", subtype: "preemptive_alert", &driver, ids: &ids)
    }

    /// Once per `days_list` entry reached; a jump past several sends only the latest.
    private func optInDays(_ driver: inout Driver, ids: inout IDGenerator) -> [PlatformEvent] {
        let age = EngagementPayload.wholeDays(from: driver.optedInAt, to: now)
        let due = EngagementDefaults.optInDays.filter { $0 <= age && !driver.engagement.sentMilestones.contains("opt_in_days:\($0)") }
        guard !due.isEmpty else { return [] }
        for day in due { driver.engagement.sentMilestones.insert("opt_in_days:\(day)") }
        return [payload(driver).event(type: "milestone_based", subtype: "opt_in_days", ids: &ids)]
    }

    /// No valid trip for `inactivity_days` since the later of last trip end and opt-in; once per
    /// streak, re-armed when a trip moves the anchor.
    private func inactivity(_ driver: inout Driver, ids: inout IDGenerator) -> [PlatformEvent] {
        let lastEnd = driver.trips.filter { !$0.invalidated }.map(\.end).max()
        let anchor = max(lastEnd ?? driver.optedInAt, driver.optedInAt)
        guard driver.engagement.inactivitySentForAnchor != anchor,
              now >= anchor.addingTimeInterval(Double(EngagementDefaults.inactivityDays) * 86_400)
        else { return [] }
        driver.engagement.inactivitySentForAnchor = anchor
        return [payload(driver).event(type: "activity_based", subtype: "inactivity", ids: &ids)]
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
        let interval = Double(EngagementDefaults.permissionIssueIntervalDays) * 86_400
        guard driver.engagement.permissionIssueCount < EngagementDefaults.permissionIssueTimes,
              driver.engagement.lastPermissionIssueAt.map({ now.timeIntervalSince($0) >= interval }) ?? true
        else { return [] }
        driver.engagement.permissionIssueCount += 1
        driver.engagement.lastPermissionIssueAt = now
        return [payload(driver).event(type: "activity_based", subtype: "permission_issue", ids: &ids)]
    }

    /// No healthy packet for `inactivity_days` since the first unhealthy packet of the current
    /// streak; once per streak.
    private func lostUserEngagement(_ driver: inout Driver, ids: inout IDGenerator) -> [PlatformEvent] {
        let lastHealthy = driver.packets.filter(\.isHealthy).map(\.timestamp).max()
        guard let streakStart = driver.packets
            .filter({ packet in !packet.isHealthy && lastHealthy.map { packet.timestamp > $0 } ?? true })
            .map(\.timestamp).min(),
            driver.engagement.lostUserSentForStreak != streakStart,
            now >= streakStart.addingTimeInterval(Double(EngagementDefaults.lostUserInactivityDays) * 86_400)
        else { return [] }
        driver.engagement.lostUserSentForStreak = streakStart
        return [payload(driver).event(type: "activity_based", subtype: "lost_user_engagement", ids: &ids)]
    }

    /// An active, unclicked offer: once on each `days_list` day after its creation, also after
    /// qualification; a jump past several days sends one.
    private func noClick(_ driver: inout Driver, ids: inout IDGenerator) -> [PlatformEvent] {
        var events: [PlatformEvent] = []
        for offer in driver.offers where offer.isActive(at: now) && !offer.clicked {
            let age = EngagementPayload.wholeDays(from: offer.createdAt, to: now)
            let sent = driver.engagement.noClickDaysSent[offer.offerID, default: []]
            let due = EngagementDefaults.noClickDays.filter { $0 <= age && !sent.contains($0) }
            guard !due.isEmpty else { continue }
            driver.engagement.noClickDaysSent[offer.offerID, default: []].formUnion(due)
            events.append(payload(driver).event(type: "activity_based", subtype: "no_click", ids: &ids))
        }
        return events
    }

    private func milestone(_ key: String, subtype: String, _ driver: inout Driver, ids: inout IDGenerator) -> [PlatformEvent] {
        guard !driver.engagement.sentMilestones.contains(key) else { return [] }
        driver.engagement.sentMilestones.insert(key)
        return [payload(driver).event(type: "milestone_based", subtype: subtype, ids: &ids)]
    }

    private func payload(_ driver: Driver) -> EngagementPayload {
        EngagementPayload(driver: driver, campaign: covering.first, now: now)
    }
}
