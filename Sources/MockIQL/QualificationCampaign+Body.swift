import Foundation
import MockPlatformKit

/// A qualification campaign read from a control API body (`createCampaign`, `replaceCampaign`),
/// checked in field order, first failure only.
extension QualificationCampaign {
    init(body: [String: JSONValue]) throws(APIError) {
        let fields = FieldReader(body)
        let offerType = try fields.required("offer_type", fields.string)
        guard ["auto_insurance", "non_auto_insurance"].contains(offerType) else {
            throw .badRequest("offer_type must be auto_insurance or non_auto_insurance")
        }
        let offerSubtype = try fields.required("offer_subtype", fields.string)
        guard ["telematics", "affiliate", "drive"].contains(offerSubtype) else {
            throw .badRequest("offer_subtype must be telematics, affiliate or drive")
        }
        let country = try fields.required("country", fields.string)
        guard country == "USA" else { throw .badRequest("country must be USA") }
        let states = try Self.strings("states", in: fields, required: true).map { $0.uppercased() }
        guard states.allSatisfy(USState.isStateOrDC) else { throw .badRequest("states must list 2-letter US state or DC codes") }
        let brandColor = try fields.required("brand_color", fields.string)
        guard brandColor.count == 7, brandColor.hasPrefix("#"), brandColor.dropFirst().allSatisfy({ $0.isASCII && $0.isHexDigit }) else {
            throw .badRequest("brand_color must be #RRGGBB")
        }
        self.init(
            campaignID: try fields.required("campaign_id", fields.string),
            enabled: try fields.required("enabled", fields.bool),
            offerID: try fields.required("offer_id", fields.string),
            offerType: offerType,
            offerSubtype: offerSubtype,
            country: country,
            states: states,
            minTrips: try Self.count("min_trips", in: fields, minimum: 0),
            minUniqueDrivingDays: try Self.count("min_unique_driving_days", in: fields, minimum: 0),
            minDistanceMiles: try Self.nonNegative("min_distance_miles", in: fields),
            minZendriveScore: try fields.integer("min_zendrive_score").map(Int.init),
            excludedInsurers: try Self.strings("excluded_insurers", in: fields, required: false),
            testDriveDays: try Self.count("test_drive_days", in: fields, minimum: 1),
            offerValidityDays: try Self.count("offer_validity_days", in: fields, minimum: 1),
            advertiserName: try fields.required("advertiser_name", fields.string),
            advertiserID: try fields.required("advertiser_id", fields.string),
            headline: try fields.required("headline", fields.string),
            discountPercentage: try Self.nonNegative("discount_percentage", in: fields),
            ad: try Self.ad(fields.required("ad", fields.object)),
            landingURL: try fields.required("landing_url", fields.string),
            brandColor: brandColor
        )
    }

    private static func ad(_ fields: FieldReader) throws(APIError) -> AdContent {
        let body = try fields.required("body", fields.object)
        let legal = try fields.required("legal", fields.object)
        let disclaimers = try legal.required("disclaimers", legal.object)
        return AdContent(
            insurerName: try fields.required("insurer_name", fields.string),
            title: try fields.required("title", fields.string),
            body: .init(text: try body.required("text", body.string), bullets: try Self.strings("bullets", in: body, required: true)),
            buttonText: try fields.required("button_text", fields.string),
            legal: .init(
                disclaimers: .init(
                    currentCustomer: try disclaimers.required("current_customer", disclaimers.string),
                    generic: try disclaimers.required("generic", disclaimers.string)
                ),
                privacyPolicyURL: try legal.required("privacy_policy_url", legal.string),
                termsAndConditionsURL: try legal.required("terms_and_conditions_url", legal.string)
            )
        )
    }

    private static func count(_ key: String, in fields: FieldReader, minimum: Int64) throws(APIError) -> Int {
        let value = try fields.required(key, fields.integer)
        guard value >= minimum else {
            throw .badRequest(minimum == 0 ? "\(fields.name(key)) must not be negative" : "\(fields.name(key)) must be at least \(minimum)")
        }
        guard value <= 100_000 else { throw .badRequest("\(fields.name(key)) must be at most 100000") }
        return Int(value)
    }

    private static func nonNegative(_ key: String, in fields: FieldReader) throws(APIError) -> Double {
        let value = try fields.required(key, fields.number)
        guard value >= 0 else { throw .badRequest("\(fields.name(key)) must not be negative") }
        return value
    }

    private static func strings(_ key: String, in fields: FieldReader, required: Bool) throws(APIError) -> [String] {
        guard let value = fields.value(key) else {
            if required { throw .badRequest("\(fields.name(key)) is required") }
            return []
        }
        guard case .array(let items) = value else { throw .badRequest("\(fields.name(key)) must be an array of strings") }
        var strings: [String] = []
        for item in items {
            guard case .string(let string) = item else { throw .badRequest("\(fields.name(key)) must be an array of strings") }
            strings.append(string)
        }
        return strings
    }
}
