/// A push token registered for a driver (`openapi/publisher.yaml` registerDeviceToken).
public struct DeviceRegistration: Sendable, Equatable, Codable {
    public enum Platform: String, Sendable, CaseIterable, Codable {
        case ios, android
    }

    public var driverID: String
    public var platform: Platform
    public var token: String
    public var bundleID: String?
}
