import Foundation
import MockPlatformKit

/// An IQL qualification campaign (not a Synerise push campaign, `PushCampaign`): the
/// qualification rule and the offer it grants (`docs/iql-engine.md` Campaigns).
///
/// Campaigns are data: loaded from `campaigns.json` into every new tenant.
package struct QualificationCampaign: Codable, Sendable, Equatable {
    package var campaignID: String
    package var enabled: Bool
    /// The ad id shared by every driver qualifying here.
    package var offerID: String
    package var offerType: String
    package var offerSubtype: String
    package var country: String
    package var states: [String]
    package var minTrips: Int
    package var minUniqueDrivingDays: Int
    package var minDistanceMiles: Double
    package var minZendriveScore: Int?
    package var excludedInsurers: [String]
    package var testDriveDays: Int
    package var offerValidityDays: Int
    package var advertiserName: String
    package var advertiserID: String
    package var headline: String
    package var discountPercentage: Double
    package var ad: AdContent
    package var landingURL: String
    package var brandColor: String

    enum CodingKeys: String, CodingKey {
        case campaignID = "campaign_id", enabled, offerID = "offer_id", offerType = "offer_type"
        case offerSubtype = "offer_subtype", country, states, minTrips = "min_trips"
        case minUniqueDrivingDays = "min_unique_driving_days", minDistanceMiles = "min_distance_miles"
        case minZendriveScore = "min_zendrive_score", excludedInsurers = "excluded_insurers"
        case testDriveDays = "test_drive_days", offerValidityDays = "offer_validity_days"
        case advertiserName = "advertiser_name", advertiserID = "advertiser_id", headline
        case discountPercentage = "discount_percentage", ad, landingURL = "landing_url"
        case brandColor = "brand_color"
    }

    /// True when the campaign is live in `state` (an upper-case code).
    package func covers(state: String) -> Bool { enabled && states.contains(state) }

    /// True when the campaign refuses customers of `insurer` (case-insensitive, trimmed).
    package func excludes(insurer: String?) -> Bool {
        guard let insurer = insurer?.trimmingCharacters(in: .whitespaces).lowercased(), !insurer.isEmpty else { return false }
        return excludedInsurers.contains { $0.trimmingCharacters(in: .whitespaces).lowercased() == insurer }
    }
}
