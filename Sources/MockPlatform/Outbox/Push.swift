/// A push: the device it goes to, why, and what it says. The outbox records it as a `PushEntry`.
public struct Push: Sendable, Equatable, Codable {
    public var platform: DeviceRegistration.Platform
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
