/// A push about to enter the outbox, before it has an id and a time.
public struct PushDraft: Sendable, Equatable {
    public var platform: DeviceRegistration.Platform
    public var deviceToken: String
    public var driverID: String?
    public var kind: PushKind
    public var campaignID: String?
    public var payload: JSONValue
    public var apnsHeaders: PushEntry.APNsHeaders?
}
