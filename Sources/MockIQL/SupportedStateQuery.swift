import MockPlatformKit

/// A valid supported_state_details request (`openapi/iql.yaml` postSupportedStateDetails).
struct SupportedStateQuery: Sendable, Equatable {
    var stateCode: String
    var currentInsurer: String

    /// Reads the body in table order, first failure only.
    init(body: [String: JSONValue]) throws(APIError) {
        let fields = FieldReader(body)
        let country = try fields.required("country_code", fields.string)
        guard country.uppercased() == "USA" else { throw .badRequest("country_code must be USA") }
        let state = try fields.required("state_code", fields.string).uppercased()
        guard USState.isStateOrDC(state) else {
            throw .badRequest("state_code must be a 2-letter US state or DC code")
        }
        stateCode = state
        currentInsurer = try fields.required("current_insurer", fields.string)
    }

    /// `is_supported_state` and `can_receive_offer` for a tenant's locations and campaigns.
    func answer(supportedStates: [String], campaigns: [QualificationCampaign]) -> (isSupported: Bool, canReceiveOffer: Bool) {
        let supported = supportedStates.contains(stateCode)
        let offered = campaigns.contains { $0.covers(state: stateCode) && !$0.excludes(insurer: currentInsurer) }
        return (supported, supported && offered)
    }
}
