import Foundation
import MockPlatformKit

/// The offerRetraction webhook event (`openapi/iql.yaml` webhooks, offerRetraction).
struct OfferRetractionEvent {
    let driverID: String
    let offerID: String
    let campaign: QualificationCampaign
    let reason: String
    let publisherAppID: String
    let now: Date

    func event(ids: inout IDGenerator) -> PlatformEvent {
        PlatformEvent(
            id: ids.uuid(), kind: .offerRetraction, subject: driverID, createdAt: now,
            payload: .object([
                "driver_id": .string(driverID),
                "publisher_app_id": .string(publisherAppID),
                "ad_id": .string(offerID),
                "advertiser_id": .string(campaign.advertiserID),
                "offer_retraction_reason": .string(reason),
                "timestamp": .integer(now.epochMilliseconds),
            ])
        )
    }
}
