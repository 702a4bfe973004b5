import Foundation

/// An IQL qualification campaign (not a Synerise push campaign, `PushCampaign`): the
/// qualification rule and the offer it grants (`docs/iql-engine.md` Campaigns).
///
/// Campaigns are data: loaded from `campaigns.json` into every new tenant.
public struct QualificationCampaign: Codable, Sendable, Equatable {
    public var campaignID: String
    public var enabled: Bool
    /// The ad id shared by every driver qualifying here.
    public var offerID: String
    public var offerType: String
    public var offerSubtype: String
    public var country: String
    public var states: [String]
    public var minTrips: Int
    public var minUniqueDrivingDays: Int
    public var minDistanceMiles: Double
    public var minZendriveScore: Int?
    public var excludedInsurers: [String]
    public var testDriveDays: Int
    public var offerValidityDays: Int
    public var advertiserName: String
    public var advertiserID: String
    public var headline: String
    public var discountPercentage: Double
    public var ad: AdContent
    public var landingURL: String
    public var brandColor: String

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
    public func covers(state: String) -> Bool { enabled && states.contains(state) }

    /// True when the campaign refuses customers of `insurer` (case-insensitive, trimmed).
    public func excludes(insurer: String?) -> Bool {
        guard let insurer = insurer?.trimmingCharacters(in: .whitespaces).lowercased(), !insurer.isEmpty else { return false }
        return excludedInsurers.contains { $0.trimmingCharacters(in: .whitespaces).lowercased() == insurer }
    }
}
