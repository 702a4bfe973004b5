import Foundation
import MockPlatformKit

/// The offerClick webhook event of a first click (`openapi/iql.yaml` offerClick).
struct OfferClickEvent {
    let driverID: String
    let offerID: String
    let campaign: QualificationCampaign
    let now: Date

    func event(ids: inout IDGenerator) -> PlatformEvent {
        let eventID = ids.uuid()
        return PlatformEvent(
            id: eventID, kind: .offerClick, subject: driverID, createdAt: now,
            payload: .object([
                "driver_id": .string(driverID),
                "webhook_event_id": .string(eventID),
                "webhook_created_at_timestamp": .integer(now.epochMilliseconds),
                "type": .string("offer"),
                "subtype": .string("offer_click"),
                "metadata": .object([
                    "offer_id": .string(offerID),
                    "offer_type": .string(campaign.offerType),
                    "offer_subtype": .string(campaign.offerSubtype),
                    "advertiser_name": .string(campaign.advertiserName),
                    "offer_clicked_at_timestamp": .integer(now.epochMilliseconds),
                ]),
            ])
        )
    }
}
