import Foundation
import MockPlatformKit

/// When the qualification engine next has something to do for a driver, without a request:
/// the earliest future instant at which one of its time-based rules could fire (test-drive end,
/// offer expiry, engagement milestones and streaks, the heartbeat gap, a planned trip's end).
///
/// It reads the same tenant settings as the engine (intervals, days lists, the default
/// platform). It may name an instant at which, on a closer look, nothing fires (running the
/// engine then is harmless); it never misses one at which something does.
struct EngineSchedule {
    let campaigns: [QualificationCampaign]
    let settings: IQLSettings

    func nextEvaluation(of driver: Driver, after now: Date) -> Date? {
        candidates(driver).filter { $0 > now }.min()
    }

    private func candidates(_ driver: Driver) -> [Date] {
        var instants = (driver.plannedTrips ?? []).map(\.end)
        let day: TimeInterval = 86_400
        let engagement = settings.engagement
        if let state = driver.state, let country = driver.country {
            let covering = campaigns.filter { $0.covers(state: state) && $0.country.uppercased() == country.uppercased() }
            instants += covering.map { driver.optedInAt.addingTimeInterval(Double($0.testDriveDays) * day) }
            if !covering.isEmpty {
                let hours = engagement.preemptiveAlertHours(on: driver.platform ?? settings.defaultPlatform)
                instants.append(driver.optedInAt.addingTimeInterval(Double(hours) * 3600))
                instants += engagement.optInDaysList.map { driver.optedInAt.addingTimeInterval(Double($0) * day) }
                let lastEnd = driver.trips.filter { !$0.invalidated }.map(\.end).max()
                let anchor = max(lastEnd ?? driver.optedInAt, driver.optedInAt)
                instants.append(anchor.addingTimeInterval(Double(engagement.inactivityDays) * day))
                if let last = driver.engagement.lastPermissionIssueAt {
                    instants.append(last.addingTimeInterval(Double(engagement.permissionIssueIntervalDays) * day))
                }
                instants += driver.packets.filter { !$0.isHealthy }
                    .map { $0.timestamp.addingTimeInterval(Double(engagement.lostUserInactivityDays) * day) }
            }
        }
        for offer in driver.offers where !offer.retracted {
            instants.append(offer.expiresAt)
            instants += engagement.noClickDays.map { offer.createdAt.addingTimeInterval(Double($0) * day) }
        }
        if let heartbeat = driver.lastHeartbeatAt, !driver.silentPushPaused {
            let since = max(heartbeat, driver.engagement.lastSilentPushAt ?? heartbeat)
            instants.append(since.addingTimeInterval(settings.heartbeatIntervalHours * 3600))
        }
        return instants
    }
}
