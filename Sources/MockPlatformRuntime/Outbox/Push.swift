/// A push: the device it goes to, why, and what it says. The outbox records it as a `PushEntry`.
package struct Push: Sendable, Equatable, Codable {
    package var platform: MobilePlatform
    package var deviceToken: String
    /// Who held the token when the push was made, as the registry that knows the token names
    /// them (Publisher's: the driver id); the control API lists and filters it as `driver_id`.
    package var holder: String?
    package var kind: PushKind
    /// The campaign sent, for `synerise_campaign`.
    package var campaignID: String?
    /// iOS: the APNs body; Android: the FCM v1 message without `token`.
    package var payload: JSONValue
    package var apnsHeaders: PushEntry.APNsHeaders?

    package init(platform: MobilePlatform, deviceToken: String, holder: String?, kind: PushKind, campaignID: String?, payload: JSONValue, apnsHeaders: PushEntry.APNsHeaders?) {
        self.platform = platform
        self.deviceToken = deviceToken
        self.holder = holder
        self.kind = kind
        self.campaignID = campaignID
        self.payload = payload
        self.apnsHeaders = apnsHeaders
    }

    /// A state document keeps the holder under its first name, `driverID`.
    private enum CodingKeys: String, CodingKey {
        case platform, deviceToken, kind, campaignID, payload, apnsHeaders
        case holder = "driverID"
    }
}

extension Push {
    /// Whether the push went to `token`: iOS tokens are hex, so in any case (the app registers
    /// the `%02X` upper-case form, the registry stores it lower case); FCM tokens exactly.
    package func isAddressed(to token: String) -> Bool {
        switch platform {
        case .ios: deviceToken.caseInsensitiveCompare(token) == .orderedSame
        case .android: deviceToken == token
        }
    }
}
