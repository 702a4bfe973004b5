import Foundation

/// A tenant's settings (`openapi/control.yaml` TenantConfig; `Resources/README.md`, tenant.json):
/// loaded from `tenant.json` over the defaults below, read and changed through
/// `/_mock/config`.
///
/// Its JSON form is the config's (snake_case keys, every key present); decoding one goes
/// through the same rules as a PATCH (`SettingsPatch`), so absent keys keep their defaults and
/// an unknown key or a bad value is refused.
package struct TenantSettings: Codable, Sendable, Equatable {
    /// Keys accepted in `Authorization: APIKEY <key>`; the first also signs outgoing webhooks.
    package var apiKeys = ["mock-api-key"]
    package var publisherAppName = "mock_app-prod"
    package var publisherAppID = "mock_app"
    /// When webhook deliveries are attempted.
    package var webhookRetryProfile = RetryProfile.standard
    /// How long one webhook attempt may take, in milliseconds.
    package var webhookTimeoutMilliseconds = 10_000
    /// The heartbeat gap after which a silent push is requested (`docs/iql-engine.md` Engine rules).
    package var heartbeatIntervalHours = 24.0
    package var supportedStateDetailsEnabled = true
    /// The app's iOS bundle id and Android package name, when set.
    package var iosBundleID: String?
    package var androidPackage: String?
    /// Whether members can get a Wallet pass (`walletPassAvailable`).
    package var walletEnabled = true
    /// The `passTypeIdentifier` of members' passes and the `passId` a download must name; the
    /// server's `--pass-type-id` (or its real certificate's) unless a tenant changes it, which
    /// only the development chain allows.
    package var walletPassTypeID = SigningIdentity.developmentPassTypeIdentifier
    /// The `msg` of the qualification push the publisher backend sends.
    package var qualificationPushMessage = "Yay! You qualified for a great offer."
    /// States removed from the supported-locations list (upper case when read from JSON).
    package var excludedStates: [String] = []
    /// The platform of a driver whose health packets name none.
    package var defaultPlatform = MobilePlatform.android
    /// Where a mock trip starts and ends unless told otherwise (Phoenix, AZ; `openapi/iql.yaml`
    /// postMockTrips).
    package var defaultTripLocation = GeoPoint(latitude: 33.4484, longitude: -112.0740)
    /// Unit of disqualificationStatus's `timestamp`: seconds as documented, or milliseconds.
    package var disqualificationTimestampUnit = TimestampUnit.seconds
    /// Secret the click tokens of this tenant are signed with (mixed with the tenant name).
    package var clickSecret = "mock-click-secret"
    package var engagement = EngagementSettings()

    /// `s` or `ms`.
    package enum TimestampUnit: String, Codable, Sendable, CaseIterable {
        case seconds = "s"
        case milliseconds = "ms"
    }

    /// The defaults.
    package init() {}

    package init(from decoder: any Decoder) throws {
        guard case .object(let object) = try JSONValue(from: decoder) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "settings must be an object"))
        }
        do {
            self = try SettingsPatch(object).applied(to: TenantSettings())
        } catch {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: error.message))
        }
    }

    package func encode(to encoder: any Encoder) throws { try json.encode(to: encoder) }

    /// Every setting as one JSON object, `null` for unset optional strings.
    package var json: JSONValue { SettingsSchema.root.write(self) }

    /// The supported locations (`openapi/iql.yaml` getLocations): 50 states + DC minus `excludedStates`, by code.
    package var supportedStates: [String] {
        let excluded = Set(excludedStates.map { $0.uppercased() })
        return USState.statesAndDC.keys.filter { !excluded.contains($0) }.sorted()
    }
}
