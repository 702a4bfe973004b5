/// The ad-unit content a campaign's offer renders (`openapi/iql.yaml` getAdUnit).
public struct AdContent: Codable, Sendable, Equatable {
    public struct Body: Codable, Sendable, Equatable {
        public var text: String
        public var bullets: [String]
    }

    public struct Disclaimers: Codable, Sendable, Equatable {
        public var currentCustomer: String
        public var generic: String
        enum CodingKeys: String, CodingKey { case currentCustomer = "current_customer", generic }
    }

    public struct Legal: Codable, Sendable, Equatable {
        public var disclaimers: Disclaimers
        public var privacyPolicyURL: String
        public var termsAndConditionsURL: String
        enum CodingKeys: String, CodingKey {
            case disclaimers, privacyPolicyURL = "privacy_policy_url", termsAndConditionsURL = "terms_and_conditions_url"
        }
    }

    public var insurerName: String
    public var title: String
    public var body: Body
    public var buttonText: String
    public var legal: Legal

    enum CodingKeys: String, CodingKey {
        case insurerName = "insurer_name", title, body, buttonText = "button_text", legal
    }
}
