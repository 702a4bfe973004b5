import MockPlatformKit

/// The ad-unit content a campaign's offer renders (`openapi/iql.yaml` getAdUnit).
package struct AdContent: Codable, Sendable, Equatable {
    package struct Body: Codable, Sendable, Equatable {
        package var text: String
        package var bullets: [String]
    }

    package struct Disclaimers: Codable, Sendable, Equatable {
        package var currentCustomer: String
        package var generic: String
        enum CodingKeys: String, CodingKey { case currentCustomer = "current_customer", generic }
    }

    package struct Legal: Codable, Sendable, Equatable {
        package var disclaimers: Disclaimers
        package var privacyPolicyURL: String
        package var termsAndConditionsURL: String
        enum CodingKeys: String, CodingKey {
            case disclaimers, privacyPolicyURL = "privacy_policy_url", termsAndConditionsURL = "terms_and_conditions_url"
        }
    }

    package var insurerName: String
    package var title: String
    package var body: Body
    package var buttonText: String
    package var legal: Legal

    enum CodingKeys: String, CodingKey {
        case insurerName = "insurer_name", title, body, buttonText = "button_text", legal
    }
}
