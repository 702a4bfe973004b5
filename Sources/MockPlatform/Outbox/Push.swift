/// A push: the device it goes to, why, and what it says. The outbox records it as a `PushEntry`.
public struct Push: Sendable, Equatable, Codable {
    public var platform: MobilePlatform
    public var deviceToken: String
    /// The driver holding the token when the push was made.
    public var driverID: String?
    public var kind: PushKind
    /// The campaign sent, for `synerise_campaign`.
    public var campaignID: String?
    /// iOS: the APNs body; Android: the FCM v1 message without `token`.
    public var payload: JSONValue
    public var apnsHeaders: PushEntry.APNsHeaders?
}

extension Push {
    /// Whether the push went to `token`: iOS tokens are hex, so in any case (the app registers
    /// the `%02X` upper-case form, the registry stores it lower case); FCM tokens exactly.
    func isAddressed(to token: String) -> Bool {
        switch platform {
        case .ios: deviceToken.caseInsensitiveCompare(token) == .orderedSame
        case .android: deviceToken == token
        }
    }
}
