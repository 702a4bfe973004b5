import Foundation
import MockPlatformKit

/// multi-offer's query filters (`openapi/iql.yaml` listOffers), read in any case; first failure
/// only.
struct OfferFilters: Equatable {
    var type: String?
    var subtypes: Set<String>?
    var max: Int?

    init(type: String?, subtype: String?, max: String?) throws(APIError) {
        if let type {
            let normalized = type.lowercased()
            guard ["auto_insurance", "non_auto_insurance"].contains(normalized) else {
                throw .badRequest("type must be auto_insurance or non_auto_insurance")
            }
            self.type = normalized
        }
        if let subtype {
            let aliases = ["drive_offer": "drive"]
            let parts = subtype.split(separator: ",", omittingEmptySubsequences: false).map { part in
                let name = part.trimmingCharacters(in: .whitespaces).lowercased()
                return aliases[name] ?? name
            }
            guard parts.allSatisfy({ ["telematics", "affiliate", "drive"].contains($0) }) else {
                throw .badRequest("subtype must be a comma-separated list of telematics, affiliate, drive")
            }
            subtypes = Set(parts)
        }
        if let max {
            guard let number = Int(max), number > 0 else { throw .badRequest("max must be a positive integer") }
            self.max = number
        }
    }

    func admits(_ campaign: QualificationCampaign) -> Bool {
        (type.map { $0 == campaign.offerType } ?? true) && (subtypes.map { $0.contains(campaign.offerSubtype) } ?? true)
    }
}
