import Foundation
import MockPlatformKit

/// The heartbeat-gap rule (`docs/iql-engine.md` Engine rules; `openapi/iql.yaml` webhooks,
/// silent_push_notification): a silentPushNotification when no heartbeat has arrived for the
/// interval since the later of the last heartbeat and the last request.
struct SilentPushRule {
    let publisherAppName: String
    /// The tenant's `heartbeat_interval_hours`.
    let intervalHours: Double

    /// At most one event per evaluation, so a clock jump never backfills.
    func evaluate(_ driver: inout Driver, now: Date, ids: inout IDGenerator) -> PlatformEvent? {
        guard let heartbeat = driver.lastHeartbeatAt, !driver.silentPushPaused else { return nil }
        let since = max(heartbeat, driver.engagement.lastSilentPushAt ?? heartbeat)
        guard now >= since.addingTimeInterval(intervalHours * 3600) else { return nil }
        driver.engagement.lastSilentPushAt = now
        return event(driverID: driver.id, heartbeat: heartbeat, now: now, ids: &ids)
    }

    /// The silentPushNotification event (`openapi/iql.yaml` webhooks, silentPushNotification).
    func event(driverID: String, heartbeat: Date, now: Date, ids: inout IDGenerator) -> PlatformEvent {
        PlatformEvent(
            id: ids.uuid(), kind: .silentPushNotification, subject: driverID, createdAt: now,
            payload: .object([
                "info": .object([
                    "publisher_app_name": .string(publisherAppName),
                    "driver_id": .string(driverID),
                ]),
                "time": .string(Self.format(heartbeat)),
            ])
        )
    }

    /// `YYYY-MM-DD HH:MM:SS.mmm` in UTC.
    static func format(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd HH:mm:ss.SSS"
        return formatter.string(from: date)
    }
}
