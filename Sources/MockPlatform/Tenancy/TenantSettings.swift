/// A tenant's settings (`Resources/README.md`, tenant.json), loaded from `tenant.json`.
public struct TenantSettings: Codable, Sendable, Equatable {
    /// Keys accepted in `Authorization: APIKEY <key>`; the first also signs outgoing webhooks.
    public var apiKeys: [String]
    public var publisherAppName: String
    public var publisherAppID: String
    /// States removed from the supported-locations list.
    public var excludedStates: [String]
    public var supportedStateDetailsEnabled: Bool
    /// Unit of disqualificationStatus's `timestamp`: seconds as documented, or milliseconds.
    public var disqualificationTimestampUnit: TimestampUnit
    /// Secret the click tokens of this tenant are signed with (mixed with the tenant name).
    public var clickSecret: String
    /// When webhook deliveries are attempted.
    public var webhookRetryProfile: RetryProfile = .standard
    /// How long one webhook attempt may take, in milliseconds.
    public var webhookTimeoutMilliseconds: Int = 10_000

    /// `s` or `ms`.
    public enum TimestampUnit: String, Codable, Sendable {
        case seconds = "s"
        case milliseconds = "ms"
    }

    enum CodingKeys: String, CodingKey {
        case apiKeys = "api_keys", publisherAppName = "publisher_app_name", publisherAppID = "publisher_app_id"
        case excludedStates = "excluded_states", supportedStateDetailsEnabled = "supported_state_details_enabled"
        case disqualificationTimestampUnit = "disqualification_timestamp_unit", clickSecret = "click_secret"
        case webhookRetryProfile = "webhook_retry_profile", webhookTimeoutMilliseconds = "webhook_timeout_ms"
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        apiKeys = try container.decode([String].self, forKey: .apiKeys)
        publisherAppName = try container.decode(String.self, forKey: .publisherAppName)
        publisherAppID = try container.decode(String.self, forKey: .publisherAppID)
        excludedStates = try container.decode([String].self, forKey: .excludedStates)
        supportedStateDetailsEnabled = try container.decode(Bool.self, forKey: .supportedStateDetailsEnabled)
        disqualificationTimestampUnit = try container.decode(TimestampUnit.self, forKey: .disqualificationTimestampUnit)
        clickSecret = try container.decode(String.self, forKey: .clickSecret)
        webhookRetryProfile = try container.decodeIfPresent(RetryProfile.self, forKey: .webhookRetryProfile) ?? .standard
        webhookTimeoutMilliseconds = try container.decodeIfPresent(Int.self, forKey: .webhookTimeoutMilliseconds) ?? 10_000
    }

    /// The supported locations (`openapi/iql.yaml` getLocations): 50 states + DC minus `excludedStates`, by code.
    public var supportedStates: [String] {
        let excluded = Set(excludedStates.map { $0.uppercased() })
        return USState.statesAndDC.keys.filter { !excluded.contains($0) }.sorted()
    }
}
