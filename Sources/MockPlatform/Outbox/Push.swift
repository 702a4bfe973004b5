/// A push: the device it goes to, why, and what it says. The outbox records it as a `PushEntry`.
package struct Push: Sendable, Equatable, Codable {
    package var platform: MobilePlatform
    package var deviceToken: String
    /// The driver holding the token when the push was made.
    package var driverID: String?
    package var kind: PushKind
    /// The campaign sent, for `synerise_campaign`.
    package var campaignID: String?
    /// iOS: the APNs body; Android: the FCM v1 message without `token`.
    package var payload: JSONValue
    package var apnsHeaders: PushEntry.APNsHeaders?
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
