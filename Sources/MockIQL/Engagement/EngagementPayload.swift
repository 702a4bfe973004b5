import Foundation
import MockPlatformKit

/// Builds an engagement event with the payload of `openapi/iql.yaml` webhooks, engagement.
struct EngagementPayload {
    let driver: Driver
    /// The first enabled campaign covering the driver's state, for `progress_percentage`.
    let campaign: QualificationCampaign?
    let now: Date

    /// `message` is the subtype's `metadata.message` (tenant settings, `engagement`).
    func event(type: String, subtype: String, message: String, ids: inout IDGenerator) -> PlatformEvent {
        let eventID = ids.uuid()
        let requestID = ids.uuid()
        return PlatformEvent(
            id: eventID, kind: .engagement, subject: driver.id, createdAt: now,
            payload: .object([
                "driver_id": .string(driver.id),
                "type": .string(type),
                "subtype": .string(subtype),
                "webhook_event_id": .string(eventID),
                "request_id": .string(requestID),
                "metadata": metadata(message: message),
            ])
        )
    }

    private func metadata(message: String) -> JSONValue {
        let metrics = DriverMetrics(validTrips: driver.trips)
        let lastDrive = driver.trips.filter { !$0.invalidated }.map(\.start).max()
        let packet = Self.latestPacket(driver)
        return .object([
            "created_at_timestamp": .integer(now.epochMilliseconds),
            "trips_count": .integer(Int64(metrics.tripsCount)),
            "distance_miles": .number(Self.rounded(metrics.distanceMiles, places: 3)),
            "unique_driving_days": .integer(Int64(metrics.uniqueDrivingDays)),
            "opt_in_days": .integer(Int64(Self.wholeDays(from: driver.optedInAt, to: now))),
            "date_last_drive": lastDrive.map { .string(CalendarDay(containing: $0).description) } ?? .null,
            "zendrive_score": metrics.zendriveScore.map { .integer(Int64($0)) } ?? .null,
            "progress_percentage": .number(progress(metrics)),
            "permission_status": packet.map { .string($0.isHealthy ? "enabled" : "disabled") } ?? .null,
            "permission_error_details": packet.map {
                .object([
                    "location_permission": .string(Self.display($0.locationPermission)),
                    "activity_permission": .string(Self.display($0.activityPermission)),
                    "location_services": .string($0.locationServicesOn ? "On" : "Off"),
                ])
            } ?? .null,
            "permission_timestamp": packet.map { .integer($0.timestamp.epochMilliseconds) } ?? .null,
            "message": .string(message),
        ])
    }

    /// `docs/iql-engine.md` Engagement triggers: 100 × mean of the three capped ratios, 2 decimals;
    /// 0 without a campaign.
    private func progress(_ metrics: DriverMetrics) -> Double {
        guard let campaign else { return 0 }
        func ratio(_ value: Double, _ threshold: Double) -> Double { threshold > 0 ? min(1, value / threshold) : 1 }
        let mean = (ratio(Double(metrics.tripsCount), Double(campaign.minTrips))
            + ratio(Double(metrics.uniqueDrivingDays), Double(campaign.minUniqueDrivingDays))
            + ratio(metrics.distanceMiles, Double(campaign.minDistanceMiles))) / 3
        return Self.rounded(100 * mean, places: 2)
    }

    /// The packet with the latest `timestamp`; ties go to the later arrival.
    static func latestPacket(_ driver: Driver) -> HealthPacket? {
        driver.packets.enumerated().max {
            ($0.element.timestamp, $0.offset) < ($1.element.timestamp, $1.offset)
        }?.element
    }

    static func rounded(_ value: Double, places: Int) -> Double {
        let scale = pow(10, Double(places))
        return (value * scale).rounded() / scale
    }

    static func wholeDays(from start: Date, to end: Date) -> Int {
        max(0, Int(saturating: end.timeIntervalSince(start) / 86_400, rounding: .down))
    }

    static func display(_ permission: HealthPacket.LocationPermission) -> String {
        switch permission {
        case .always: "Always Allow"
        case .whileInUse: "Allow While Using App"
        case .denied: "Don't Allow"
        case .notDetermined: "Not Determined"
        }
    }

    static func display(_ permission: HealthPacket.ActivityPermission) -> String {
        switch permission {
        case .granted: "Always Allow"
        case .denied: "Don't Allow"
        case .notDetermined: "Not Determined"
        }
    }
}
