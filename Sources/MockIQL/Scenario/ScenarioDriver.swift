import Foundation
import MockPlatformKit

/// One IQL driver of a scenario: onboarding answers, when it opted in, the trips it has driven
/// and will drive, and offers granted in the past.
struct ScenarioDriver: Sendable, Decodable {
    /// An offer the driver was granted before the scenario starts.
    struct PastOffer: Sendable, Decodable {
        var campaignID: String
        /// Days before apply time (at least 1); the offer expires after the campaign's validity.
        var createdDaysAgo: Int

        enum CodingKeys: String, CodingKey {
            case campaignID = "campaign_id"
            case createdDaysAgo = "created_days_ago"
        }
    }

    var id: String
    /// A driverInfo body (`openapi/iql.yaml` putDriverInfo).
    var info: [String: JSONValue]
    var optedInDaysAgo: Int
    var trips: [ScenarioTrips]
    var offers: [PastOffer]

    enum CodingKeys: String, CodingKey {
        case id, info, trips, offers
        case optedInDaysAgo = "opted_in_days_ago"
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        info = try container.decode([String: JSONValue].self, forKey: .info)
        optedInDaysAgo = try container.decodeIfPresent(Int.self, forKey: .optedInDaysAgo) ?? 0
        trips = try container.decodeIfPresent([ScenarioTrips].self, forKey: .trips) ?? []
        offers = try container.decodeIfPresent([PastOffer].self, forKey: .offers) ?? []
    }

    /// The first thing wrong with the driver as `fixtures` would load it, or nil.
    func problem(in fixtures: Fixtures) -> String? {
        do {
            try PathSegmentID.validate(id, name: "driver id")
            _ = try DriverInfoChange(body: info, zipcodes: fixtures.zipcodes)
        } catch {
            return "driver \(id): \(error.message)"
        }
        guard OptInDays.range.contains(Int64(optedInDaysAgo)) else { return "driver \(id) opted_in_days_ago must be 0 to 365" }
        for batch in trips {
            if let problem = batch.problem { return "driver \(id) trips: \(problem)" }
        }
        for offer in offers {
            guard fixtures.campaigns.contains(where: { $0.campaignID == offer.campaignID }) else {
                return "driver \(id) offers: no campaign \(offer.campaignID) in the fixtures"
            }
            guard offer.createdDaysAgo >= 1 else { return "driver \(id) offers: created_days_ago must be at least 1" }
        }
        return nil
    }

    /// The driver as of `now`: trips on days before today are driven, those after are planned.
    func driver(now: Date, fixtures: Fixtures, settings: IQLSettings, campaigns: [QualificationCampaign]) throws(APIError) -> Driver {
        var driver = Driver(id: id, optedInAt: now.addingTimeInterval(-Double(optedInDaysAgo) * 86_400))
        try DriverInfoChange(body: info, zipcodes: fixtures.zipcodes).apply(to: &driver)
        let today = CalendarDay(containing: now)
        let all = trips.flatMap { $0.trips(today: today, location: settings.defaultTripLocation) }.sorted { $0.start < $1.start }
        driver.trips = all.filter { $0.end <= now }
        driver.plannedTrips = all.filter { $0.end > now }
        for past in offers {
            guard let campaign = campaigns.first(where: { $0.campaignID == past.campaignID }) else {
                throw .badRequest("scenario driver \(id): no campaign \(past.campaignID)")
            }
            let createdAt = now.addingTimeInterval(-Double(past.createdDaysAgo) * 86_400)
            driver.offers.append(Offer(
                offerID: campaign.offerID, campaignID: campaign.campaignID, createdAt: createdAt,
                expiresAt: createdAt.addingTimeInterval(Double(campaign.offerValidityDays) * 86_400)
            ))
        }
        return driver
    }
}
