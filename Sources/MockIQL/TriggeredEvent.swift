import Foundation
import MockPlatformKit

/// An event of any kind built by hand for a driver (`openapi/control.yaml` triggerWebhook),
/// with the same builders the engine uses: from the driver's offer and campaign when it has
/// them, else from the tenant's first campaign and "now".
struct TriggeredEvent {
    let kind: EventKind
    let driver: Driver
    let campaigns: [QualificationCampaign]
    let settings: IQLSettings
    let now: Date

    func event(ids: inout IDGenerator) throws(APIError) -> PlatformEvent {
        let offer = driver.offers.last
        let campaign = offer.flatMap { offer in campaigns.first { $0.campaignID == offer.campaignID } } ?? campaigns.first
        let engine = QualificationEngine(campaigns: campaigns, settings: settings)
        switch kind {
        case .qualification, .nonTelematicsQualification:
            let campaign = try required(campaign)
            let granted = offer ?? Offer(
                offerID: campaign.offerID, campaignID: campaign.campaignID, createdAt: now,
                expiresAt: now.addingTimeInterval(Double(campaign.offerValidityDays) * 86_400)
            )
            var event = engine.qualificationEvent(driver.id, offer: granted, campaign: campaign, ids: &ids)
            event.kind = kind
            return event
        case .disqualificationStatus:
            return engine.disqualificationEvent(driver.id, completed: false, now: now, ids: &ids)
        case .offerRetraction:
            let campaign = try required(campaign)
            return OfferRetractionEvent(
                driverID: driver.id, offerID: offer?.offerID ?? campaign.offerID, campaign: campaign,
                reason: "Triggered by hand", publisherAppID: settings.publisherAppID, now: now
            ).event(ids: &ids)
        case .offerClick:
            let campaign = try required(campaign)
            return OfferClickEvent(driverID: driver.id, offerID: offer?.offerID ?? campaign.offerID, campaign: campaign, now: now)
                .event(ids: &ids)
        case .engagement:
            return EngagementPayload(driver: driver, campaign: campaign, now: now)
                .event(type: "activity_based", subtype: "driving_engagement", message: Self.drivingEngagementMessage, ids: &ids)
        case .silentPushNotification:
            return SilentPushRule(publisherAppName: settings.publisherAppName, intervalHours: settings.heartbeatIntervalHours)
                .event(driverID: driver.id, heartbeat: driver.lastHeartbeatAt ?? now, now: now, ids: &ids)
        default:
            throw .badRequest("IQL builds no \(kind) event by hand")
        }
    }

    /// `metadata.message` of a triggered `driving_engagement` (no tenant setting: only a
    /// trigger sends it).
    static let drivingEngagementMessage = "Keep up the safe driving."

    private func required(_ campaign: QualificationCampaign?) throws(APIError) -> QualificationCampaign {
        guard let campaign else { throw .badRequest("the tenant has no campaign to build a \(kind.rawValue) event from") }
        return campaign
    }
}
