/// A push token registered for a driver (`openapi/publisher.yaml` registerDeviceToken).
public struct DeviceRegistration: Sendable, Equatable, Codable {
    public var driverID: String
    public var platform: MobilePlatform
    public var token: String
    public var bundleID: String?
}
