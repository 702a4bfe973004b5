import Foundation
import MockPlatformKit

/// The engine rules of `docs/iql-engine.md` for one driver: qualify, disqualify, engagement
/// (Engagement triggers, in `Engagement/`) and the heartbeat gap.
///
/// A plain value: given a driver, the tenant's campaigns and "now", it changes the driver and
/// returns the events to record, in the contract's order (`trip-1`, qualification,
/// disqualification, other engagement, silent push).
struct QualificationEngine {
    let campaigns: [QualificationCampaign]
    let settings: IQLSettings

    func evaluate(_ driver: inout Driver, now: Date, ids: inout IDGenerator) -> [PlatformEvent] {
        driver.recordPlannedTrips(endedBy: now)
        var events = evaluateCampaigns(&driver, now: now, ids: &ids)
        let silentPush = SilentPushRule(publisherAppName: settings.publisherAppName, intervalHours: settings.heartbeatIntervalHours)
        if let push = silentPush.evaluate(&driver, now: now, ids: &ids) {
            events.append(push)
        }
        return events
    }

    /// `trip-1`, qualification, disqualification, other engagement.
    private func evaluateCampaigns(_ driver: inout Driver, now: Date, ids: inout IDGenerator) -> [PlatformEvent] {
        guard let state = driver.state, let country = driver.country else { return [] }
        let covering = campaigns.filter { $0.covers(state: state) && $0.country.uppercased() == country.uppercased() }
        let metrics = DriverMetrics(validTrips: driver.trips)
        let engagement = EngagementRules(
            covering: covering, settings: settings.engagement, defaultPlatform: settings.defaultPlatform, now: now
        )
        var events = engagement.firstTrip(&driver, ids: &ids)
        for campaign in covering where isQualifying(driver, for: campaign, metrics: metrics, now: now) {
            let offer = Offer(
                offerID: campaign.offerID,
                campaignID: campaign.campaignID,
                createdAt: now,
                expiresAt: now.addingTimeInterval(Double(campaign.offerValidityDays) * 86_400)
            )
            driver.offers.append(offer)
            events.append(qualificationEvent(driver.id, offer: offer, campaign: campaign, ids: &ids))
        }
        if let event = disqualification(&driver, covering: covering, metrics: metrics, now: now, ids: &ids) {
            events.append(event)
        }
        events += engagement.others(&driver, ids: &ids)
        return events
    }

    private func isQualifying(_ driver: Driver, for campaign: QualificationCampaign, metrics: DriverMetrics, now: Date) -> Bool {
        !driver.offers.contains { $0.campaignID == campaign.campaignID }
            && !campaign.excludes(insurer: driver.insurer)
            && thresholdsMet(campaign, metrics)
            && now < testDriveEnd(driver, campaign)
    }

    private func thresholdsMet(_ campaign: QualificationCampaign, _ metrics: DriverMetrics) -> Bool {
        metrics.tripsCount >= campaign.minTrips
            && metrics.uniqueDrivingDays >= campaign.minUniqueDrivingDays
            && metrics.distanceMiles >= campaign.minDistanceMiles
            && (campaign.minZendriveScore.map { (metrics.zendriveScore ?? -1) >= $0 } ?? true)
    }

    private func testDriveEnd(_ driver: Driver, _ campaign: QualificationCampaign) -> Date {
        driver.optedInAt.addingTimeInterval(Double(campaign.testDriveDays) * 86_400)
    }

    /// Once per driver, when every covering campaign's test drive has ended without an offer.
    private func disqualification(
        _ driver: inout Driver, covering: [QualificationCampaign], metrics: DriverMetrics, now: Date, ids: inout IDGenerator
    ) -> PlatformEvent? {
        guard !driver.disqualified, !covering.isEmpty,
              covering.allSatisfy({ now >= testDriveEnd(driver, $0) }),
              !driver.offers.contains(where: { offer in covering.contains { $0.campaignID == offer.campaignID } })
        else { return nil }
        driver.disqualified = true
        return disqualificationEvent(driver.id, completed: covering.contains { thresholdsMet($0, metrics) }, now: now, ids: &ids)
    }

    /// The disqualificationStatus event (`openapi/iql.yaml` webhooks, disqualificationStatus).
    func disqualificationEvent(_ driverID: String, completed: Bool, now: Date, ids: inout IDGenerator) -> PlatformEvent {
        let seconds = now.timeIntervalSince1970
        let timestamp = settings.disqualificationTimestampUnit == .milliseconds ? seconds * 1000 : seconds
        return PlatformEvent(
            id: ids.uuid(),
            kind: .disqualificationStatus,
            subject: driverID,
            createdAt: now,
            payload: .object([
                "driver_id": .string(driverID),
                "publisher_app_id": .string(settings.publisherAppID),
                "test_drive_completed": .bool(completed),
                "qualification_failure_reason": .string(
                    completed ? "Disqualified for an offer by advertiser" : "Test drive not completed"
                ),
                "timestamp": .integer(Int64(saturating: timestamp, rounding: .down)),
            ])
        )
    }

    /// The qualification (or non-telematics qualification) event of a new offer
    /// (`openapi/iql.yaml` webhooks, qualification).
    func qualificationEvent(_ driverID: String, offer: Offer, campaign: QualificationCampaign, ids: inout IDGenerator) -> PlatformEvent {
        PlatformEvent(
            id: ids.uuid(),
            kind: campaign.offerSubtype == "telematics" ? .qualification : .nonTelematicsQualification,
            subject: driverID,
            createdAt: offer.createdAt,
            payload: .object([
                "info": .object([
                    "driver_id": .string(driverID),
                    "publisher_app_name": .string(settings.publisherAppName),
                    "webhook_created_at_timestamp": .integer(offer.createdAt.epochMilliseconds),
                ]),
                "metadata": .object([
                    "offer_created_at_timestamp": .integer(offer.createdAt.epochMilliseconds),
                    "offer_id": .string(offer.offerID),
                    "offer_type": .string(campaign.offerType),
                    "offer_subtype": .string(campaign.offerSubtype),
                    "advertiser_name": .string(campaign.advertiserName),
                    "offer_headline": .string(campaign.headline),
                    "offer_discount_percentage": .number(campaign.discountPercentage),
                    "offer_expiry_timestamp": .integer(offer.expiresAt.epochMilliseconds),
                ]),
            ])
        )
    }
}
